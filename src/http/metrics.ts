// GET /metrics in the Prometheus text format (prom-client), for a fleet of instances behind a load
// balancer: requests by endpoint and status, latencies, runs by outcome, the worker pool, admission and
// store latency, rate-limit refusals. One registry per server, so servers in one process do not mix.
import { createServer, type Server } from 'node:http';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { installedPacks } from '../runtime/packs/active.js';

/** What the metrics read from the worker pool when scraped. */
export interface PoolGauges {
  readonly readyWorkers: number;
  readonly busyPids: readonly number[];
  readonly queueDepth: number;
  readonly restarts: number;
}

export type RunOutcomeLabel = 'ok' | 'runtime_error' | 'invalid' | 'timeout' | 'memory_limit' | 'worker_died' | 'unavailable' | 'refused';

/** Endpoints get their own label; anything else is `other`, so a scan of random paths cannot grow the series. */
const ENDPOINTS = new Set(['/v1/run', '/v1/call', '/v1/health', '/v1/usage', '/v1/tiers', '/v1/modules', '/v1/openapi.json', '/metrics']);

export class ServiceMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'endpoint' | 'method' | 'status'>;
  private readonly latency: Histogram<'endpoint'>;
  private readonly runs: Counter<'outcome'>;
  private readonly admission: Histogram;
  private readonly store: Histogram<'operation'>;
  private readonly refusals: Counter<'limit'>;

  constructor() {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, prefix: 'cpes_' });
    this.requests = new Counter({ name: 'cpes_http_requests_total', help: 'HTTP requests answered, by endpoint, method and status', labelNames: ['endpoint', 'method', 'status'], registers });
    this.latency = new Histogram({
      name: 'cpes_http_request_duration_seconds',
      help: 'time from the request to its answer, by endpoint',
      labelNames: ['endpoint'],
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    });
    this.runs = new Counter({ name: 'cpes_runs_total', help: 'protocol runs by outcome (ok, runtime_error, invalid, timeout, memory_limit, worker_died, unavailable, refused)', labelNames: ['outcome'], registers });
    this.admission = new Histogram({
      name: 'cpes_admission_duration_seconds',
      help: 'authenticate + admit of one counted request, on the store',
      buckets: [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5, 1],
      registers,
    });
    this.store = new Histogram({
      name: 'cpes_store_duration_seconds',
      help: 'key store operations by name',
      labelNames: ['operation'],
      buckets: [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5, 1],
      registers,
    });
    this.refusals = new Counter({ name: 'cpes_rate_limit_refusals_total', help: 'requests refused (429) by the minute or the month limit', labelNames: ['limit'], registers });
    // packs live in each instance's data directory: this lets monitoring see that every instance has the same ones
    new Gauge({
      name: 'cpes_data_pack_info',
      help: 'installed data packs (value 1), by kind, version and SHA-256 of the imported file',
      labelNames: ['kind', 'version', 'sha256'],
      registers,
      collect() {
        this.reset();
        for (const pack of installedPacks().packs) this.set({ kind: pack.kind, version: String(pack.version), sha256: pack.sha256 }, 1);
      },
    });
  }

  /** Reports the worker pool's gauges from now on (the pool starts after the store, which already reports here). */
  watchPool(pool: PoolGauges): void {
    const registers = [this.registry];
    new Gauge({ name: 'cpes_worker_pool_size', help: 'protocol workers ready to run', registers, collect() { this.set(pool.readyWorkers); } });
    new Gauge({ name: 'cpes_worker_pool_busy', help: 'protocol workers running a protocol now', registers, collect() { this.set(pool.busyPids.length); } });
    new Gauge({ name: 'cpes_worker_queue_depth', help: 'runs waiting for a worker', registers, collect() { this.set(pool.queueDepth); } });
    let counted = 0;
    new Counter({
      name: 'cpes_worker_restarts_total',
      help: 'protocol workers replaced after they died or were killed at the time limit',
      registers,
      collect() {
        this.inc(pool.restarts - counted);
        counted = pool.restarts;
      },
    });
  }

  request(path: string, method: string, status: number, seconds: number): void {
    const endpoint = ENDPOINTS.has(path) ? path : 'other';
    this.requests.inc({ endpoint, method, status: String(status) });
    this.latency.observe({ endpoint }, seconds);
  }

  run(outcome: RunOutcomeLabel): void {
    this.runs.inc({ outcome });
  }

  admitted(seconds: number): void {
    this.admission.observe(seconds);
  }

  storeOperation(operation: string, seconds: number): void {
    this.store.observe({ operation }, seconds);
  }

  refused(limit: 'minute' | 'month'): void {
    this.refusals.inc({ limit });
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }
}

/** Wraps every method of an asynchronous store so its latency is observed by operation. */
export function timedStore<T extends object>(store: T, metrics: ServiceMetrics): T {
  const timed = new Map<string, { method: unknown; wrapper: unknown }>(); // one wrapper per method, not one per request
  return new Proxy(store, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof value !== 'function' || typeof property !== 'string') return value;
      const known = timed.get(property);
      if (known?.method === value) return known.wrapper;
      const wrapper = async (...args: unknown[]) => {
        const started = performance.now();
        try {
          return await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        } finally {
          metrics.storeOperation(property, (performance.now() - started) / 1000);
        }
      };
      timed.set(property, { method: value, wrapper });
      return wrapper;
    },
  });
}

/** A listener of its own for /metrics (--metrics-port), so the API port need not serve it at all. */
export function createMetricsServer(metrics: ServiceMetrics): Server {
  return createServer((request, response) => {
    if (request.method !== 'GET' || (request.url ?? '').split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('only GET /metrics is served here\n');
      return;
    }
    metrics.text().then(
      (body) => response.writeHead(200, { 'Content-Type': metrics.registry.contentType }).end(body),
      () => response.writeHead(500, { 'Content-Type': 'text/plain' }).end('metrics could not be collected\n'),
    );
  });
}
