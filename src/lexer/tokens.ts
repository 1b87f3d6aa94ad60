// The tokens of the protocol language (language.md §2).
import { createToken, Lexer, type CustomPatternMatcherFunc, type IToken, type TokenType } from 'chevrotain';
import { HEAD_UNITS, SEGMENT_UNITS } from '../runtime/units.js';

export const WhiteSpace = createToken({ name: 'WhiteSpace', pattern: /[ \t\r\n]+/, group: Lexer.SKIPPED, line_breaks: true });
export const LineComment = createToken({ name: 'LineComment', pattern: /\/\/[^\n\r]*/, group: Lexer.SKIPPED });
export const BlockComment = createToken({ name: 'BlockComment', pattern: /\/\*[\s\S]*?\*\//, group: Lexer.SKIPPED, line_breaks: true });
/** An unclosed block comment: lexed so that the error is reported at its start. */
export const UnterminatedBlockComment = createToken({ name: 'UnterminatedBlockComment', pattern: /\/\*[\s\S]*/, line_breaks: true });

export const StringLiteral = createToken({ name: 'StringLiteral', pattern: /"(?:[^"\\\n\r]|\\[^\n\r])*"/ });
/** A string with no closing quote on its line: lexed so that the error is reported at its start. */
export const UnterminatedString = createToken({ name: 'UnterminatedString', pattern: /"(?:[^"\\\n\r]|\\[^\n\r])*/ });
export const NumberLiteral = createToken({ name: 'NumberLiteral', pattern: /\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/ });

const byLength = (names: string[]): string[] => [...names].sort((a, b) => b.length - a.length);
const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\%]/g, '\\$&');
const UNIT_TEXT = new RegExp(
  `(?:${byLength(Object.keys(HEAD_UNITS)).map(escape).join('|')})(?:/(?:${byLength(Object.keys(SEGMENT_UNITS)).map(escape).join('|')}))*(?![A-Za-z0-9_])`,
  'y',
);
/** After a `%`, these start an operand: then `%` is the remainder operator, not a unit. */
const OPERAND_START = /[ \t]*[A-Za-z0-9_("\-[{]/y;

/** A unit is a token only directly after a number on the same line (`0.1 mcg/kg/min`, `65 mmHg`). */
const matchUnit: CustomPatternMatcherFunc = (text, offset, matchedTokens) => {
  const previous = matchedTokens[matchedTokens.length - 1];
  if (!previous || previous.tokenType !== NumberLiteral) return null;
  for (let i = previous.endOffset! + 1; i < offset; i++) {
    if (text[i] !== ' ' && text[i] !== '\t') return null;
  }
  UNIT_TEXT.lastIndex = offset;
  const match = UNIT_TEXT.exec(text);
  if (!match) return null;
  if (match[0] === '%') {
    OPERAND_START.lastIndex = offset + 1;
    if (OPERAND_START.test(text)) return null;
  }
  return match;
};
export const Unit = createToken({ name: 'Unit', pattern: matchUnit, line_breaks: false, start_chars_hint: [...new Set([...Object.keys(HEAD_UNITS)].map((u) => u[0]!))] });

/** Categories let the parser match a family of tokens with one CONSUME (no per-call alternatives). */
export const MemberName = createToken({ name: 'MemberName', label: 'a field name', pattern: Lexer.NA });
export const ComparisonOp = createToken({ name: 'ComparisonOp', label: 'a comparison', pattern: Lexer.NA });
export const AdditiveOp = createToken({ name: 'AdditiveOp', label: "'+' or '-'", pattern: Lexer.NA });
export const MultiplicativeOp = createToken({ name: 'MultiplicativeOp', label: "'*', '/' or '%'", pattern: Lexer.NA });

export const Identifier = createToken({ name: 'Identifier', pattern: /[A-Za-z_][A-Za-z0-9_]*/, categories: [MemberName] });

const KEYWORDS = [
  'protocol', 'function', 'import', 'input', 'type', 'extends', 'track', 'using', 'KAE', 'assess', 'for', 'in',
  'administer', 'dose', 'if', 'else', 'while', 'return', 'let', 'alert', 'severity', 'and', 'or', 'not', 'true',
  'false', 'null',
] as const;
export type Keyword = (typeof KEYWORDS)[number];

const keywordTokens = Object.fromEntries(
  KEYWORDS.map((word) => [word, createToken({ name: `Kw_${word}`, label: `'${word}'`, pattern: new RegExp(`${word}(?![A-Za-z0-9_])`), longer_alt: Identifier, categories: [MemberName] })]),
) as Record<Keyword, TokenType>;
export const Kw = keywordTokens;

const symbol = (name: string, text: string, category?: TokenType): TokenType =>
  createToken({ name, label: `'${text}'`, pattern: text, ...(category ? { categories: [category] } : {}) });
export const Arrow = symbol('Arrow', '->');
export const EqEq = symbol('EqEq', '==', ComparisonOp);
export const NotEq = symbol('NotEq', '!=', ComparisonOp);
export const LtEq = symbol('LtEq', '<=', ComparisonOp);
export const GtEq = symbol('GtEq', '>=', ComparisonOp);
export const Lt = symbol('Lt', '<', ComparisonOp);
export const Gt = symbol('Gt', '>', ComparisonOp);
export const Assign = symbol('Assign', '=');
export const Plus = symbol('Plus', '+', AdditiveOp);
export const Minus = symbol('Minus', '-', AdditiveOp);
export const Star = symbol('Star', '*', MultiplicativeOp);
export const Slash = symbol('Slash', '/', MultiplicativeOp);
export const Percent = symbol('Percent', '%', MultiplicativeOp);
export const LBrace = symbol('LBrace', '{');
export const RBrace = symbol('RBrace', '}');
export const LParen = symbol('LParen', '(');
export const RParen = symbol('RParen', ')');
export const LBracket = symbol('LBracket', '[');
export const RBracket = symbol('RBracket', ']');
export const Semicolon = symbol('Semicolon', ';');
export const Colon = symbol('Colon', ':');
export const Comma = symbol('Comma', ',');
export const Dot = symbol('Dot', '.');

/** Order matters: comments before `/`, two-character symbols before one-character ones, units before identifiers, keywords before identifiers. */
export const allTokens: TokenType[] = [
  MemberName,
  ComparisonOp,
  AdditiveOp,
  MultiplicativeOp,
  WhiteSpace,
  LineComment,
  BlockComment,
  UnterminatedBlockComment,
  StringLiteral,
  UnterminatedString,
  NumberLiteral,
  Unit,
  ...Object.values(keywordTokens),
  Identifier,
  Arrow,
  EqEq,
  NotEq,
  LtEq,
  GtEq,
  Lt,
  Gt,
  Assign,
  Plus,
  Minus,
  Star,
  Slash,
  Percent,
  LBrace,
  RBrace,
  LParen,
  RParen,
  LBracket,
  RBracket,
  Semicolon,
  Colon,
  Comma,
  Dot,
];

export type { IToken };
