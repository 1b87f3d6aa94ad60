// One broken invariant found by a fuzzer: what was sent, what went wrong, enough to replay it.
export interface Violation {
  fuzzer: 'library' | 'protocol' | 'http';
  /** the input, shortened for the report */
  input: string;
  problem: string;
}

export function shorten(text: string, max = 300): string {
  return text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;
}
