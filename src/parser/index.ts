// Source → AST with every syntax error reported at its place (language.md §3, §9).
import { EOF, type IRecognitionException, type IToken } from 'chevrotain';
import type { Diagnostic, Span } from '../diagnostic.js';
import { tokenize } from '../lexer/index.js';
import type { Program } from './ast.js';
import { depthError, nestingError } from './nesting.js';
import { ProtocolParser } from './parser.js';

export type { Program } from './ast.js';

let parser: ProtocolParser | null = null;

/** The parser is built once per process (Chevrotain's self-analysis is the expensive part). */
export function protocolParser(): ProtocolParser {
  parser ??= new ProtocolParser();
  return parser;
}

export interface ParseResult {
  /** null when there is any syntax error */
  program: Program | null;
  diagnostics: Diagnostic[];
}

const CLOSERS = new Set(['Semicolon', 'RParen', 'RBracket', 'RBrace']);
const VALID_ESCAPE = /\\(?:["\\nt]|u\{[0-9A-Fa-f]{1,6}\})/y;

function positionOf(token: IToken | undefined): Span | null {
  if (!token || token.tokenType === EOF || Number.isNaN(token.startLine)) return null;
  return { line: token.startLine!, column: token.startColumn!, endLine: token.endLine!, endColumn: token.endColumn! };
}

/** Just after a token: where a missing `;`, `)`, `]` or `}` belongs. */
function after(token: IToken): Span {
  return { line: token.endLine!, column: token.endColumn! + 1, endLine: token.endLine!, endColumn: token.endColumn! + 1 };
}

function locate(error: IRecognitionException, tokens: IToken[]): Span {
  const previous = (error as IRecognitionException & { previousToken?: IToken }).previousToken;
  const expectsCloser = error.name === 'MismatchedTokenException' && CLOSERS.has(expectedTypeName(error.message));
  if (expectsCloser && previous && positionOf(previous)) return after(previous);
  const here = positionOf(error.token);
  if (here) return here;
  const last = tokens[tokens.length - 1];
  return last ? positionOf(last)! : { line: 1, column: 1, endLine: 1, endColumn: 1 };
}

function expectedTypeName(message: string): string {
  const match = /^expected '([;)\]}])'/.exec(message);
  if (!match) return '';
  return { ';': 'Semicolon', ')': 'RParen', ']': 'RBracket', '}': 'RBrace' }[match[1]!] ?? '';
}

function invalidEscapes(tokens: IToken[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const token of tokens) {
    if (token.tokenType.name !== 'StringLiteral' || !token.image.includes('\\')) continue;
    for (let i = 1; i < token.image.length - 1; i++) {
      if (token.image[i] !== '\\') continue;
      VALID_ESCAPE.lastIndex = i;
      const match = VALID_ESCAPE.exec(token.image);
      if (match) {
        i += match[0].length - 1;
        continue;
      }
      const column = token.startColumn! + i;
      out.push({
        stage: 'syntax',
        severity: 'error',
        line: token.startLine!,
        column,
        endLine: token.startLine!,
        endColumn: column + 1,
        message: `unknown escape '\\${token.image[i + 1]}' in a string: use \\" \\\\ \\n \\t or \\u{XXXX}`,
      });
      i++;
    }
  }
  return out;
}

export function parse(source: string): ParseResult {
  const lexed = tokenize(source);
  // the parser recurses into brackets: too deep a nest is reported, never parsed
  const tooDeep = nestingError(lexed.tokens);
  if (tooDeep) return { program: null, diagnostics: [...lexed.diagnostics, tooDeep].sort((a, b) => a.line - b.line || a.column - b.column) };
  const p = protocolParser();
  p.load(lexed.tokens, source);
  const program = p.program();
  const diagnostics: Diagnostic[] = [...lexed.diagnostics, ...invalidEscapes(lexed.tokens)];
  for (const error of p.errors) {
    diagnostics.push({ stage: 'syntax', severity: 'error', ...locate(error, lexed.tokens), message: error.message });
  }
  for (const chained of p.chainErrors) {
    diagnostics.push({ stage: 'syntax', severity: 'error', ...positionOf(chained.token)!, message: chained.message });
  }
  if (diagnostics.length === 0) {
    const deep = depthError(program);
    if (deep) diagnostics.push(deep);
  }
  diagnostics.sort((a, b) => a.line - b.line || a.column - b.column);
  return { program: diagnostics.length === 0 ? program : null, diagnostics };
}
