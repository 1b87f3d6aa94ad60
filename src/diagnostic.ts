// Source positions and the diagnostics every front-end stage reports (language.md §9).

/** 1-based line and column of a construct's first character and of its last character (inclusive). */
export interface Span {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

/** `error` stops the protocol from running; `warning` marks what is legal but probably wrong. */
export type Severity = 'error' | 'warning';

/** A syntax or compile error, or a warning, at a source span. */
export interface Diagnostic extends Span {
  /** `syntax` from the lexer or parser, `compile` from the checker */
  stage: 'syntax' | 'compile';
  severity: Severity;
  /** the bare message, e.g. "expected ';' after the let statement but found 'alert'" */
  message: string;
  /** the replacement text the message proposes ("did you mean 'score'?" → `score`), for editors to offer */
  suggestion?: string;
}

/** The one-line form of language.md §9: `Syntax error at line 3, column 14: ...` / `Error at line L, column C: ...` / `Warning at …` */
export function formatDiagnostic(d: Diagnostic): string {
  const prefix = d.severity === 'warning' ? 'Warning' : d.stage === 'syntax' ? 'Syntax error' : 'Error';
  return `${prefix} at line ${d.line}, column ${d.column}: ${d.message}`;
}
