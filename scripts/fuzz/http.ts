// HTTP fuzzer: requests to every endpoint with hostile bodies and headers (types, sizes, encodings,
// duplicate keys, content types, chunked bodies). Invariants (service.md, api.md): no 5xx but the
// documented pool answers (503 busy or closing, 500 when a worker dies), every body JSON without a
// stack or a file path, no answer past the 4 MiB run budget, /health answering within 5 s throughout
// (slow library calls and huge-output protocols are among the cases), and the server healthy afterwards.
import { gzipSync } from 'node:zlib';
import { request } from 'node:http';
import type { Rng } from './random.js';
import { shorten, type Violation } from './violation.js';

export interface HttpFuzzOptions {
  rng: Rng;
  /** base URL ending in /v1 */
  base: string;
  apiKey: string | null;
  count: number;
  deadline: number;
  concurrency: number;
}

interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: Buffer | null;
  /** send the body in pieces without Content-Length (Transfer-Encoding: chunked) */
  chunked: boolean;
}

const PATHS = ['/health', '/tiers', '/modules', '/openapi.json', '/usage', '/run', '/call', '/run/', '/nope', '/../etc/passwd', '/call?x=1', '/%00', '/%E0%A4%A'];
const METHODS = ['GET', 'POST', 'POST', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'];
const CONTENT_TYPES = ['application/json', 'application/json; charset=utf-8', 'application/json; charset=latin1', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/vnd.api+json', ''];
const CODES = ['protocol P { let x = 1; alert "hi"; }', 'protocol P { input: Patient p; let s = med.scores.qsofa(p); }', 'protocol {', '', 'x'.repeat(10_001), 'protocol P { let x = 1 / 0; }'];
/** A protocol that would log about 200 MB (issue 29): its answer must stay within the 4 MiB budget. */
const LARGE_OUTPUT = 'protocol Big { let s = "0123456789"; let i = 0; while i < 15 { let s = s + s; let i = i + 1; } let n = 0; while n < 600 { let t = s; let n = n + 1; } }';
/** A library call that takes seconds (issue 29): it must run in a worker while /health keeps answering. */
const SLOW_CALL = { module: 'chem', function: 'from_smiles', args: ['C'.repeat(1999)] };
/** An answer larger than this breaks the run's byte budget (4 MiB of events and alerts, plus the envelope). */
const MAX_ANSWER_BYTES = 4.5 * 1024 * 1024;
/** /health must answer within this while the campaign runs: longer means something held the event loop (a 2,000-character SMILES held it 6 s or more). */
const HEARTBEAT_LIMIT_MS = 5000;
/** sent even past the deadline, so a slow machine still checks something */
const MIN_REQUESTS = 50;
/** Names whose appearance in a body means a stack or a path leaked. */
const LEAK = /\bat [\w.<>]+ \(|node:internal|\/work\/|\/src\/|\.ts:\d+|\.js:\d+/;

function jsonBody(rng: Rng, path: string): string {
  const roll = rng.next();
  if (path.startsWith('/run')) {
    if (roll < 0.4) return JSON.stringify({ code: rng.pick(CODES), ...(rng.chance(0.5) ? { patient: rng.pick([{}, { hr: 120 }, { hr: 'x' }, null, [], { __proto__: 1 }, { age: 1e308 }]) } : {}) });
    if (roll < 0.5) return `{"code": ${JSON.stringify(rng.pick(CODES))}, "code": 5}`; // duplicate key
    if (roll < 0.51) return JSON.stringify({ code: LARGE_OUTPUT });
    if (roll < 0.6) return JSON.stringify({ code: rng.pick([1, null, [], {}, true]) });
  } else {
    if (roll < 0.4) return JSON.stringify({ module: rng.pick(['scores', 'signal', 'pk', 'x', '__proto__']), function: rng.pick(['qsofa', 'detect_anomaly', 'calculate_dose', 'constructor', 'toString']), args: rng.pick([[], [{}], [[1, 2, 3]], [1e308], ['vancomycin', 1, 70], 'x']), ...(rng.chance(0.3) ? { kwargs: rng.pick([{}, { x: 1 }, [], null]) } : {}) });
    if (roll < 0.5) return '{"module": "scores", "module": "signal", "function": "qsofa", "args": [{}]}';
    if (roll < 0.505) return JSON.stringify(SLOW_CALL); // rare: each one ends its worker at the run time limit
  }
  return rng.pick(['', '{', 'null', '[]', '"text"', '123', '{"a":'.repeat(5000), '{"__proto__": {"polluted": true}}', '{"constructor": {"prototype": {}}}', `{"code": "${'\\u0000'.repeat(100)}"}`, '\u00ff\u00fe', JSON.stringify({ code: 'a'.repeat(1_100_000) })]);
}

function makeRequest(rng: Rng): FuzzRequest {
  const path = rng.pick(PATHS);
  const method = rng.chance(0.8) && (path.startsWith('/run') || path.startsWith('/call')) ? 'POST' : rng.pick(METHODS);
  const headers: Record<string, string> = {};
  const type = rng.pick(CONTENT_TYPES);
  if (type) headers['content-type'] = type;
  let body: Buffer | null = method === 'GET' || method === 'HEAD' ? null : Buffer.from(jsonBody(rng, path));
  const roll = rng.next();
  if (body && roll < 0.05) {
    body = gzipSync(body);
    headers['content-encoding'] = 'gzip';
  } else if (body && roll < 0.08) {
    headers['content-encoding'] = rng.pick(['gzip', 'br', 'deflate', 'x-unknown']); // a lie: the body is plain
  } else if (body && roll < 0.12) {
    body = Buffer.concat([body.subarray(0, body.length >> 1), Buffer.from([0xc3, 0x28, 0xff, 0xfe]), body.subarray(body.length >> 1)]); // invalid UTF-8
  }
  if (rng.chance(0.05)) headers['x-padding'] = 'a'.repeat(rng.int(1000, 12_000));
  if (rng.chance(0.05)) headers['accept'] = rng.pick(['text/html', '*/*', 'application/xml']);
  return { method, path, headers, body, chunked: body !== null && rng.chance(0.2) };
}

function send(base: string, apiKey: string | null, r: FuzzRequest): Promise<{ status: number; text: string }> {
  const url = new URL(base + r.path);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...r.headers };
    if (apiKey) headers['x-api-key'] = apiKey;
    if (r.body && !r.chunked) headers['content-length'] = String(r.body.length);
    const req = request({ host: url.hostname, port: url.port, path: url.pathname + url.search, method: r.method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    if (r.body && r.chunked) {
      for (let at = 0; at < r.body.length; at += 4096) req.write(r.body.subarray(at, at + 4096));
    } else if (r.body) req.write(r.body);
    req.end();
  });
}

/** Where one answer breaks the invariants; null when sound. */
export function answerProblem(r: FuzzRequest, status: number, text: string): string | null {
  if (status >= 500 && status !== 503) {
    const pooled = status === 500 && /the protocol worker died|reached the memory limit/.test(text);
    if (!pooled) return `status ${status}: ${text.slice(0, 200)}`;
  }
  if (LEAK.test(text) && !r.path.startsWith('/openapi')) return `body leaks a stack or a path: ${text.slice(0, 200)}`;
  if (Buffer.byteLength(text) > MAX_ANSWER_BYTES) return `answer of ${Buffer.byteLength(text)} bytes passes the 4 MiB budget`;
  if (r.method === 'HEAD' || r.method === 'OPTIONS' || status === 204) return null; // answered by headers (Allow), no body
  try {
    JSON.parse(text);
  } catch {
    return `status ${status} body is not JSON: ${text.slice(0, 120)}`;
  }
  return null;
}

export async function fuzzHttp(options: HttpFuzzOptions): Promise<{ requests: number; violations: Violation[] }> {
  const { rng, base, apiKey, count, deadline } = options;
  const violations: Violation[] = [];
  const seen = new Set<string>();
  const requests = Array.from({ length: count }, () => makeRequest(rng));
  let next = 0;
  let done = 0;
  const describe = (r: FuzzRequest): string =>
    shorten(`${r.method} ${r.path} ${JSON.stringify(r.headers)}${r.chunked ? ' chunked' : ''} ${r.body ? r.body.toString('latin1') : ''}`);
  const lane = async (): Promise<void> => {
    while (next < requests.length && (next < MIN_REQUESTS || Date.now() < deadline)) {
      const r = requests[next++]!;
      let problem: string | null;
      try {
        const { status, text } = await send(base, apiKey, r);
        problem = answerProblem(r, status, text);
      } catch (error) {
        // the server may close a connection it refuses (oversized headers): that is an answer, not a crash
        problem = /ECONNRESET|socket hang up|EPIPE/.test(String(error)) ? null : `request failed: ${String(error)}`;
      }
      done++;
      if (problem && !seen.has(problem.slice(0, 60))) {
        seen.add(problem.slice(0, 60));
        violations.push({ fuzzer: 'http', input: describe(r), problem });
      }
    }
  };
  // a heartbeat beside the lanes: a slow library call or a huge answer must never hold /health up
  let running = true;
  const heartbeat = async (): Promise<void> => {
    while (running) {
      const started = Date.now();
      const status = await fetch(`${base}/health`).then((res) => res.text().then(() => res.status), () => 0);
      const took = Date.now() - started;
      if ((status === 0 || took > HEARTBEAT_LIMIT_MS) && !seen.has('heartbeat')) {
        seen.add('heartbeat');
        violations.push({ fuzzer: 'http', input: 'GET /health during the campaign', problem: status === 0 ? 'no answer' : `answered after ${took} ms (limit ${HEARTBEAT_LIMIT_MS} ms): the event loop was held` });
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  };
  const beating = heartbeat();
  await Promise.all(Array.from({ length: options.concurrency }, lane));
  running = false;
  await beating;
  const health = await fetch(`${base}/health`).then((res) => res.status, (error: unknown) => String(error));
  if (health !== 200) violations.push({ fuzzer: 'http', input: 'GET /health after the campaign', problem: `the server is not healthy afterwards: ${health}` });
  return { requests: done, violations };
}
