// Failures of the store that callers tell apart: an operator's mistake (StoreError, shown as it is) and
// a database that cannot be reached right now (StoreUnavailableError: the HTTP layer answers 503 with
// Retry-After and the instance reports itself degraded until the database answers again).

export class StoreError extends Error {
  override name = 'StoreError';
}

export class StoreUnavailableError extends Error {
  override name = 'StoreUnavailableError';
  constructor(
    /** why, without connection details (no host, user or password) */
    readonly reason: string,
  ) {
    super(`the database is unreachable (${reason}); nothing was counted or written`);
  }
}
