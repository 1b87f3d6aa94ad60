// Source text → tokens, with every lexical error as a positioned diagnostic (language.md §2, §9).
import { Lexer, type IToken } from 'chevrotain';
import type { Diagnostic } from '../diagnostic.js';
import { allTokens, UnterminatedBlockComment, UnterminatedString } from './tokens.js';

const lexer = new Lexer(allTokens, { positionTracking: 'full', ensureOptimizations: false });

export interface LexResult {
  tokens: IToken[];
  diagnostics: Diagnostic[];
}

function describeCharacter(ch: string): string {
  const code = ch.codePointAt(0)!;
  if (code < 0x20 || code === 0x7f) return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  return `'${ch}'`;
}

export function tokenize(source: string): LexResult {
  const result = lexer.tokenize(source);
  const diagnostics: Diagnostic[] = [];
  for (const error of result.errors) {
    const ch = String.fromCodePoint(source.codePointAt(error.offset) ?? 0xfffd);
    const line = error.line ?? 1;
    const column = error.column ?? 1;
    diagnostics.push({ stage: 'syntax', severity: 'error', line, column, endLine: line, endColumn: column, message: `unexpected character ${describeCharacter(ch)}` });
  }
  const tokens: IToken[] = [];
  for (const token of result.tokens) {
    if (token.tokenType === UnterminatedString || token.tokenType === UnterminatedBlockComment) {
      const what = token.tokenType === UnterminatedString ? 'unterminated string: add the closing \'"\' on the same line' : "unterminated block comment: add the closing '*/'";
      diagnostics.push({ stage: 'syntax', severity: 'error', line: token.startLine!, column: token.startColumn!, endLine: token.startLine!, endColumn: token.startColumn!, message: what });
      continue;
    }
    tokens.push(token);
  }
  return { tokens, diagnostics };
}
