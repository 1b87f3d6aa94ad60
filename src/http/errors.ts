// A failure with an HTTP status: thrown anywhere below the error middleware, which renders it in the
// envelope of the endpoint (run, call or plain error body of api.md).

/** The machine-readable error codes of api.md. */
export type ErrorCode =
  | 'invalid_request'
  | 'syntax_error'
  | 'unauthorized'
  | 'rate_limited'
  | 'timeout'
  | 'too_large'
  | 'not_found'
  | 'method_not_allowed'
  | 'unavailable'
  | 'internal';

export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    /** extra response headers, e.g. Retry-After */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}
