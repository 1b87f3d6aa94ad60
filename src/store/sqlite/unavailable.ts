// SQLite failures that mean "not now" rather than a bug: locked past the busy timeout, the disk full,
// an I/O error. They become StoreUnavailableError, which the HTTP layer answers 503 with Retry-After.
import { StoreUnavailableError } from '../errors.js';

const UNAVAILABLE = /^SQLITE_(BUSY|LOCKED|FULL|IOERR|CANTOPEN|READONLY)/;

/** Rethrows such a failure as StoreUnavailableError; anything else as it is. */
export function rethrowUnavailable(error: unknown): never {
  const code = (error as { code?: unknown }).code;
  throw typeof code === 'string' && UNAVAILABLE.test(code) ? new StoreUnavailableError(code) : error;
}
