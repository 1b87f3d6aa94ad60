// The typed AST of the protocol language (language.md §3). Every node carries its source span.
import type { Span } from '../diagnostic.js';

export type { Span };

export interface Program extends Span {
  kind: 'Program';
  items: TopLevel[];
}

export type TopLevel = Import | TypeDef | FunctionDef | Protocol;

export interface Import extends Span {
  kind: 'Import';
  /** `import med.lab;` → ['med', 'lab'] */
  path: string[];
}

export interface TypeDef extends Span {
  kind: 'TypeDef';
  name: string;
  parent: string | null;
  fields: FieldDef[];
}

export interface FieldDef extends Span {
  kind: 'FieldDef';
  name: string;
  typeName: string;
  /** span of the type name, for "unknown type" diagnostics */
  typeSpan: Span;
  defaultValue: Expr | null;
}

export interface FunctionDef extends Span {
  kind: 'FunctionDef';
  name: string;
  params: Param[];
  returnType: string | null;
  body: Statement[];
}

export interface Param extends Span {
  kind: 'Param';
  name: string;
  typeName: string | null;
}

export interface Protocol extends Span {
  kind: 'Protocol';
  name: string;
  body: Statement[];
}

export type Statement =
  | Input
  | Let
  | If
  | While
  | For
  | Alert
  | Administer
  | Track
  | Assess
  | Return
  | ExprStatement;

export interface Input extends Span {
  kind: 'Input';
  typeName: string;
  typeSpan: Span;
  name: string;
}

export interface Let extends Span {
  kind: 'Let';
  name: string;
  typeName: string | null;
  typeSpan: Span | null;
  value: Expr;
}

/** `if c {…} else if d {…} else {…}`: the branches in order, so an `else if` chain is a list, not a nesting. */
export interface If extends Span {
  kind: 'If';
  branches: IfBranch[];
  /** the final `else { ... }`, or null */
  otherwise: Statement[] | null;
}

export interface IfBranch extends Span {
  condition: Expr;
  /** the condition exactly as written, for the `if <source of c> -> true` event */
  conditionText: string;
  then: Statement[];
}

export interface While extends Span {
  kind: 'While';
  condition: Expr;
  conditionText: string;
  body: Statement[];
}

export interface For extends Span {
  kind: 'For';
  variable: string;
  iterable: Expr;
  body: Statement[];
}

export interface Alert extends Span {
  kind: 'Alert';
  message: Expr;
  /** null when no `severity:` clause is written (the default is info) */
  severity: string | null;
  severitySpan: Span | null;
}

export type AdministerClauseName = 'dose' | 'route' | 'every' | 'indication';

/** One clause of `administer`, as written (the checker reports duplicates and a missing dose). */
export interface AdministerClause extends Span {
  name: AdministerClauseName;
}

export interface Administer extends Span {
  kind: 'Administer';
  drug: string;
  /** a quantity: `0.1 mcg/kg/min`, `15 mg/kg * p.weight`; null when no `dose:` clause is written */
  dose: Expr | null;
  /** `route: IV`, as written; null when none */
  route: string | null;
  routeSpan: Span | null;
  /** `every: 8 h`: the interval of a repeated dose, a duration */
  every: Expr | null;
  /** `indication: "meningitis"` */
  indication: string | null;
  /** every clause in source order */
  clauses: AdministerClause[];
}

export interface Track extends Span {
  kind: 'Track';
  /** `track p.lactate` → ['p', 'lactate'] */
  path: string[];
  useKae: boolean;
}

export interface Assess extends Span {
  kind: 'Assess';
  target: string[];
  condition: string;
  conditionSpan: Span;
}

export interface Return extends Span {
  kind: 'Return';
  value: Expr | null;
}

export interface ExprStatement extends Span {
  kind: 'ExprStatement';
  expr: Expr;
}

export type Expr =
  | NumberLiteral
  | StringLiteral
  | BooleanLiteral
  | NullLiteral
  | NameRef
  | ListLiteral
  | MapLiteral
  | Construct
  | Member
  | Index
  | Call
  | Unary
  | Binary
  | Convert;

/** `e as kg/m2` */
export interface Convert extends Span {
  kind: 'Convert';
  value: Expr;
  unit: string;
  unitSpan: Span;
}

export interface NumberLiteral extends Span {
  kind: 'Number';
  /** the nearest double (Infinity when the literal overflows, a compile error) */
  value: number;
  /** the literal as written, for its exact decimal value */
  text: string;
  /** the unit written directly after the number (`65 mmHg`), else null */
  unit: string | null;
}

export interface StringLiteral extends Span {
  kind: 'String';
  /** the decoded text (escapes resolved) */
  value: string;
}

export interface BooleanLiteral extends Span {
  kind: 'Boolean';
  value: boolean;
}

export interface NullLiteral extends Span {
  kind: 'Null';
}

export interface NameRef extends Span {
  kind: 'Name';
  name: string;
}

export interface ListLiteral extends Span {
  kind: 'List';
  elements: Expr[];
}

export interface MapEntry extends Span {
  key: string;
  value: Expr;
}

export interface MapLiteral extends Span {
  kind: 'Map';
  entries: MapEntry[];
}

export interface ConstructField extends Span {
  name: string;
  value: Expr;
}

export interface Construct extends Span {
  kind: 'Construct';
  typeName: string;
  fields: ConstructField[];
}

export interface Member extends Span {
  kind: 'Member';
  object: Expr;
  property: string;
  propertySpan: Span;
}

export interface Index extends Span {
  kind: 'Index';
  object: Expr;
  index: Expr;
}

export interface Call extends Span {
  kind: 'Call';
  callee: Expr;
  args: Expr[];
}

export interface Unary extends Span {
  kind: 'Unary';
  op: '-' | 'not';
  operand: Expr;
}

export type BinaryOp =
  | 'or'
  | 'and'
  | '<'
  | '<='
  | '>'
  | '>='
  | '=='
  | '!='
  | 'in'
  | '+'
  | '-'
  | '*'
  | '/'
  | '%';

export interface Binary extends Span {
  kind: 'Binary';
  op: BinaryOp;
  left: Expr;
  right: Expr;
}
