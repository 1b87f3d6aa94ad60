// One autocannon measurement: 10 connections for BENCH_DURATION seconds (10 by default). With keys,
// each request carries the next key in turn (metering must find many accounts, not one hot row);
// the same rotation runs without keys too, so both sides pay the same client cost.
import autocannon from 'autocannon';

export const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
export const CONNECTIONS = 10;

export interface Figures {
  rps: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  requests: number;
}

export interface LoadInit {
  method?: 'GET' | 'POST';
  body?: string;
  keys?: readonly string[];
  durationS?: number;
}

export async function load(url: string, init: LoadInit = {}): Promise<Figures> {
  const keys = init.keys ?? [''];
  let turn = 0;
  const headers: Record<string, string> = init.body ? { 'content-type': 'application/json' } : {};
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: init.durationS ?? DURATION_S,
    requests: [
      {
        method: init.method ?? 'GET',
        body: init.body,
        setupRequest: (request) => {
          const key = keys[turn++ % keys.length]!;
          return { ...request, headers: key ? { ...headers, 'x-api-key': key } : headers };
        },
      },
    ],
  });
  const errors = result.errors + result.timeouts + result.non2xx;
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max, errors, requests: result.requests.total };
}
