// The tokens of the protocol language (language.md §2).
import { createToken, Lexer, type CustomPatternMatcherFunc, type IToken, type TokenType } from 'chevrotain';
import { UNIT_SPELLINGS } from '../units/index.js';

export const WhiteSpace = createToken({ name: 'WhiteSpace', pattern: /[ \t\r\n]+/, group: Lexer.SKIPPED, line_breaks: true });
export const LineComment = createToken({ name: 'LineComment', pattern: /\/\/[^\n\r]*/, group: Lexer.SKIPPED });
export const BlockComment = createToken({ name: 'BlockComment', pattern: /\/\*[\s\S]*?\*\//, group: Lexer.SKIPPED, line_breaks: true });
/** An unclosed block comment: lexed so that the error is reported at its start. */
export const UnterminatedBlockComment = createToken({ name: 'UnterminatedBlockComment', pattern: /\/\*[\s\S]*/, line_breaks: true });

export const StringLiteral = createToken({ name: 'StringLiteral', pattern: /"(?:[^"\\\n\r]|\\[^\n\r])*"/ });
/** A string with no closing quote on its line: lexed so that the error is reported at its start. */
export const UnterminatedString = createToken({ name: 'UnterminatedString', pattern: /"(?:[^"\\\n\r]|\\[^\n\r])*/ });
export const NumberLiteral = createToken({ name: 'NumberLiteral', pattern: /\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/ });

const byLength = (names: readonly string[]): string[] => [...names].sort((a, b) => b.length - a.length);
const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\%]/g, '\\$&');
const SPELLING = `(?:${byLength(UNIT_SPELLINGS).map(escape).join('|')})[23]?`;
/** `mcg/kg/min`, `kg/m2`: a spelling, then `/spelling`s; which combinations mean something is the unit module's call. */
const UNIT_TEXT = new RegExp(`${SPELLING}(?:/${SPELLING})*(?![A-Za-z0-9_])`, 'y');
/** After a `%`, these start an operand: then `%` is the remainder operator, not a unit. */
const OPERAND_START = /[ \t]*[A-Za-z0-9_("\-[{]/y;

/** A unit is a token only directly after a number or after `as`, on the same line (`0.1 mcg/kg/min`, `x as kg/m2`). */
const matchUnit: CustomPatternMatcherFunc = (text, offset, matchedTokens) => {
  const previous = matchedTokens[matchedTokens.length - 1];
  if (!previous || (previous.tokenType !== NumberLiteral && previous.image !== 'as')) return null;
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
export const Unit = createToken({ name: 'Unit', pattern: matchUnit, line_breaks: false, start_chars_hint: [...new Set(UNIT_SPELLINGS.map((u) => u[0]!))] });

/** Categories let the parser match a family of tokens with one CONSUME (no per-call alternatives). */
export const MemberName = createToken({ name: 'MemberName', label: 'a field name', pattern: Lexer.NA });
export const ComparisonOp = createToken({ name: 'ComparisonOp', label: 'a comparison', pattern: Lexer.NA });
export const AdditiveOp = createToken({ name: 'AdditiveOp', label: "'+' or '-'", pattern: Lexer.NA });
export const MultiplicativeOp = createToken({ name: 'MultiplicativeOp', label: "'*', '/' or '%'", pattern: Lexer.NA });

export const Identifier = createToken({ name: 'Identifier', pattern: /[A-Za-z_][A-Za-z0-9_]*/, categories: [MemberName] });

/**
 * Reserved words: a statement they begin could also be read as an expression (`alert -1`, `if (x)`,
 * `return [1]`), they are operators or literals inside expressions (an `as` that could be a name
 * would make `for x as` ambiguous), or (`let`) a mistyped statement must still
 * be recognised to be reported well. Nothing else is reserved.
 */
export const RESERVED_WORDS = ['let', 'if', 'else', 'while', 'return', 'alert', 'and', 'or', 'not', 'as', 'true', 'false', 'null'] as const;
/**
 * Contextual keywords: they mark a place in one construct (`administer X dose: …`, `track p.x using KAE`)
 * or begin a statement whose next token tells it apart from an expression (`track p.x`, `for x in`), so
 * everywhere else they are plain names (`let dose = …`, `p.type`, `input.for`).
 */
export const CONTEXTUAL_KEYWORDS = [
  'protocol', 'function', 'import', 'input', 'type', 'extends', 'track', 'using', 'KAE', 'assess', 'for', 'in',
  'administer', 'dose', 'route', 'every', 'indication', 'severity',
] as const;
export type Keyword = (typeof RESERVED_WORDS)[number] | (typeof CONTEXTUAL_KEYWORDS)[number];

const keyword = (word: string, contextual: boolean): TokenType =>
  createToken({
    name: `Kw_${word}`,
    label: `'${word}'`,
    pattern: new RegExp(`${word}(?![A-Za-z0-9_])`),
    longer_alt: Identifier,
    // a contextual keyword is also an Identifier, so every rule that takes a name takes it too
    categories: contextual ? [Identifier, MemberName] : [MemberName],
  });
const keywordTokens = Object.fromEntries([
  ...RESERVED_WORDS.map((word) => [word, keyword(word, false)]),
  ...CONTEXTUAL_KEYWORDS.map((word) => [word, keyword(word, true)]),
]) as Record<Keyword, TokenType>;
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
