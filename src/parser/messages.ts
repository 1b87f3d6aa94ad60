// Syntax error messages in the words of language.md §9: "expected ';' after the let statement but found 'alert'".
import { EOF, type IParserErrorMessageProvider, type IToken, type TokenType } from 'chevrotain';

/** What each grammar rule is called in a message. */
const RULE_NAMES: Record<string, string> = {
  program: 'the program',
  dottedName: 'the dotted name',
  importDecl: 'the import',
  typeDef: 'the type definition',
  fieldDef: 'the type field',
  functionDef: 'the function definition',
  param: 'the parameter',
  protocolDef: 'the protocol',
  inputDecl: 'the input declaration',
  block: 'the block',
  statement: 'the statement',
  letStatement: 'the let statement',
  condition: 'the condition',
  ifStatement: 'the if statement',
  whileStatement: 'the while loop',
  forStatement: 'the for loop',
  alertStatement: 'the alert statement',
  administerStatement: 'the administer statement',
  trackStatement: 'the track statement',
  assessStatement: 'the assess statement',
  returnStatement: 'the return statement',
  expressionStatement: 'the expression statement',
  construct: 'the constructor',
  listLiteral: 'the list',
  mapLiteral: 'the map',
  postfix: 'the expression',
};

export function describeToken(token: IToken): string {
  if (token.tokenType === EOF) return 'end of input';
  if (token.tokenType.name === 'StringLiteral') return `string ${token.image}`;
  if (token.tokenType.name === 'NumberLiteral') return `number ${token.image}`;
  if (token.tokenType.name === 'Unit') return `unit '${token.image}'`;
  return `'${token.image}'`;
}

function describeType(type: TokenType): string {
  switch (type.name) {
    case 'Identifier':
      return 'a name';
    case 'NumberLiteral':
      return 'a number';
    case 'StringLiteral':
      return 'a string';
    case 'Unit':
      return 'a unit (such as mg or mcg/kg/min)';
    default:
      return type.LABEL ?? `'${type.name}'`;
  }
}

function ruleName(name: string): string {
  return RULE_NAMES[name] ?? 'the expression';
}

function list(items: string[]): string {
  const unique = [...new Set(items)];
  if (unique.length <= 1) return unique[0] ?? 'something else';
  return `${unique.slice(0, -1).join(', ')} or ${unique[unique.length - 1]}`;
}

export const errorMessageProvider: IParserErrorMessageProvider = {
  buildMismatchTokenMessage({ expected, actual, ruleName: rule }) {
    if (expected === EOF) return `expected 'import', 'type', 'function' or 'protocol' but found ${describeToken(actual)}`;
    const where = expected.LABEL === "';'" ? 'after' : 'in';
    return `expected ${describeType(expected)} ${where} ${ruleName(rule)} but found ${describeToken(actual)}`;
  },
  buildNotAllInputParsedMessage({ firstRedundant }) {
    return `expected 'import', 'type', 'function' or 'protocol' but found ${describeToken(firstRedundant)}`;
  },
  buildNoViableAltMessage({ expectedPathsPerAlt, actual, ruleName: rule }) {
    const found = describeToken(actual[0]!);
    if (rule === 'statement') return `expected a statement but found ${found}`;
    if (rule === 'program') return `expected 'import', 'type', 'function' or 'protocol' but found ${found}`;
    const expressionRules = ['primary', 'unary', 'notExpression', 'expression', 'postfix', 'comparisonOperator'];
    if (expressionRules.includes(rule) && rule !== 'comparisonOperator') return `expected an expression but found ${found}`;
    const firsts = expectedPathsPerAlt.flatMap((alt) => alt.map((path) => (path[0] ? describeType(path[0]) : '')).filter(Boolean));
    return `expected ${list(firsts)} in ${ruleName(rule)} but found ${found}`;
  },
  buildEarlyExitMessage({ expectedIterationPaths, actual, ruleName: rule }) {
    const firsts = expectedIterationPaths.map((path) => (path[0] ? describeType(path[0]) : '')).filter(Boolean);
    return `expected ${list(firsts)} in ${ruleName(rule)} but found ${describeToken(actual[0]!)}`;
  },
};
