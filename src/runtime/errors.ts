// A runtime error at a source position (language.md §9): the run stops, keeping what it logged.
import type { Span } from '../diagnostic.js';

export class RuntimeError extends Error {
  override name = 'RuntimeError';
  constructor(
    message: string,
    readonly at: Span,
    /** a defect behind the error (a library function that threw, an engine fault), for the service log; null for a protocol's own error */
    readonly fault: unknown = null,
  ) {
    super(message);
  }

  /** `Runtime error at line 7, column 16: division by zero` */
  format(): string {
    return `Runtime error at line ${this.at.line}, column ${this.at.column}: ${this.message}`;
  }
}
