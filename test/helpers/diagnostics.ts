// The errors of a protocol without its warnings, for tests about errors only.
import type { Diagnostic } from '../../src/diagnostic.js';
import { checkProtocol } from '../../src/engine/index.js';

export function errorsOf(code: string): Diagnostic[] {
  return checkProtocol(code).filter((d) => d.severity === 'error');
}
