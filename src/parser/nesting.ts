// Bounds on nesting, so that no input can exhaust the stack of the parser, the checker or the compiler
// (language.md §9). The parser recurses only into brackets and unary operators; those are counted on
// the tokens before parsing. Operator chains (`1 + 1 + …`) parse in a loop but build a deep tree, so
// the tree's depth is measured after parsing, without recursion.
import type { IToken } from 'chevrotain';
import type { Diagnostic } from '../diagnostic.js';
import type * as A from './ast.js';

/** Brackets, blocks and unary operators open at once. */
export const MAX_NESTING = 64;
/** Expression tree depth: operators in one chain, fields in one path, plus everything inside them. */
export const MAX_EXPRESSION_DEPTH = 512;

const OPENERS = new Set(['LParen', 'LBracket', 'LBrace']);
const CLOSERS = new Set(['RParen', 'RBracket', 'RBrace']);
/** After these a `-` subtracts; anywhere else it negates. */
const OPERAND_ENDS = new Set(['NumberLiteral', 'Unit', 'StringLiteral', 'RParen', 'RBracket', 'RBrace', 'Identifier', 'Kw_true', 'Kw_false', 'Kw_null']);

function at(token: IToken, message: string): Diagnostic {
  return { stage: 'syntax', severity: 'error', line: token.startLine!, column: token.startColumn!, endLine: token.endLine!, endColumn: token.endColumn!, message };
}

/** The first token that opens a 65th level, or null. */
export function nestingError(tokens: readonly IToken[]): Diagnostic | null {
  let brackets = 0;
  let unary = 0;
  let previous: IToken | undefined;
  for (const token of tokens) {
    const name = token.tokenType.name;
    if (OPENERS.has(name)) brackets++;
    else if (CLOSERS.has(name)) brackets = Math.max(0, brackets - 1);
    const negates = name === 'Kw_not' || (name === 'Minus' && !(previous && (OPERAND_ENDS.has(previous.tokenType.name) || isName(previous))));
    unary = negates ? unary + 1 : 0;
    if (brackets + unary > MAX_NESTING) {
      return at(token, `nesting deeper than ${MAX_NESTING} levels of brackets, blocks and unary operators: move the inner part into a let or a function`);
    }
    previous = token;
  }
  return null;
}

function isName(token: IToken): boolean {
  return (token.tokenType.CATEGORIES ?? []).some((c) => c.name === 'Identifier');
}

/** Children of an expression node. */
function children(e: A.Expr): A.Expr[] {
  switch (e.kind) {
    case 'List':
      return e.elements;
    case 'Map':
      return e.entries.map((x) => x.value);
    case 'Construct':
      return e.fields.map((x) => x.value);
    case 'Member':
      return [e.object];
    case 'Index':
      return [e.object, e.index];
    case 'Call':
      return [e.callee, ...e.args];
    case 'Unary':
      return [e.operand];
    case 'Binary':
      return [e.left, e.right];
    case 'Convert':
      return [e.value];
    default:
      return [];
  }
}

function expressionsOf(s: A.Statement): A.Expr[] {
  switch (s.kind) {
    case 'Let':
      return [s.value];
    case 'If':
      return s.branches.map((b) => b.condition);
    case 'While':
      return [s.condition];
    case 'For':
      return [s.iterable];
    case 'Alert':
      return [s.message];
    case 'Administer':
      return [s.dose, s.every].filter((e): e is A.Expr => e !== null);
    case 'Return':
      return s.value ? [s.value] : [];
    case 'ExprStatement':
      return [s.expr];
    default:
      return [];
  }
}

function bodiesOf(s: A.Statement): A.Statement[][] {
  switch (s.kind) {
    case 'If':
      return [...s.branches.map((b) => b.then), ...(s.otherwise ? [s.otherwise] : [])];
    case 'While':
    case 'For':
      return [s.body];
    default:
      return [];
  }
}

/** The first expression deeper than MAX_EXPRESSION_DEPTH, found with explicit stacks (no recursion). */
export function depthError(program: A.Program): Diagnostic | null {
  const statements: A.Statement[] = [];
  const nodes: A.Expr[] = [];
  const depths: number[] = [];
  const push = (e: A.Expr, depth: number): void => {
    nodes.push(e);
    depths.push(depth);
  };
  for (const item of program.items) {
    if (item.kind === 'Protocol' || item.kind === 'FunctionDef') statements.push(...item.body);
    if (item.kind === 'TypeDef') for (const f of item.fields) if (f.defaultValue) push(f.defaultValue, 1);
  }
  for (let s = statements.pop(); s; s = statements.pop()) {
    for (const e of expressionsOf(s)) push(e, 1);
    for (const body of bodiesOf(s)) statements.push(...body);
  }
  while (nodes.length) {
    const e = nodes.pop()!;
    const depth = depths.pop()!;
    if (depth > MAX_EXPRESSION_DEPTH) {
      return {
        stage: 'syntax',
        severity: 'error',
        line: e.line,
        column: e.column,
        endLine: e.endLine,
        endColumn: e.endColumn,
        message: `expression nested deeper than ${MAX_EXPRESSION_DEPTH} levels (a very long chain of operators or fields): split it with let`,
      };
    }
    for (const child of children(e)) push(child, depth + 1);
  }
  return null;
}
