// The Koa application under /v1 (service.md, api.md). It validates and routes; protocols are parsed
// and run only in the pool's children, and library calls run there too (under the same time limit),
// except calls of functions proven bounded (runtime/modules/bounded.ts) on small bodies, so nothing a
// request asks for can hold this event loop.
import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import Koa from 'koa';
import bodyParser from 'koa-bodyparser';
import { shippedTables } from '../runtime/modules/data-versions.js';
import { registry } from '../runtime/modules/index.js';
import { BOUNDED_CALL_MAX_BYTES } from '../runtime/modules/bounded.js';
import { callFunction, type CallRequest } from '../engine/call.js';
import { functionCatalogue } from './function-catalogue.js';
import { StoreUnavailableError } from '../store/errors.js';
import { TIERS } from '../store/tiers.js';
import type { AccessControl, Account } from './access-types.js';
import { HttpError, type ErrorCode } from './errors.js';
import { accessLogLine } from './access-log.js';
import { healthData } from './health.js';
import { createInFlightLimit } from './in-flight.js';
import compose from 'koa-compose';
import { markKeyed } from './connections.js';
import { bufferedLineWriter } from './log-writer.js';
import type { RunOutcomeLabel, ServiceMetrics } from './metrics.js';
import { openApiDocument } from './openapi.js';
import { playground } from './playground.js';
import { PoolClosedError, PoolMemoryError, PoolQueueFullError, PoolTimeoutError, PoolWorkerDiedError, type WorkerPool } from './pool/index.js';
import { readPlainBody } from './plain-body.js';
import { checkCodeLength, objectBody, parseJsonBody } from './request-body.js';
import { describeBodyError, MAX_BODY_BYTES, validateCallBody, validateCheckBody } from './schemas.js';

export interface AppOptions {
  pool: WorkerPool;
  access: AccessControl;
  /** one JSON line per request; defaults to stderr */
  log?: (line: string) => void;
  /** what GET /metrics reports; served on this port to loopback clients unless `metricsOnApiPort` is false */
  metrics?: ServiceMetrics;
  metricsOnApiPort?: boolean;
  /** served over HTTPS: every answer tells browsers to keep to HTTPS (HSTS) */
  tls?: boolean;
}

/** How long a client waits before retrying when the database is unreachable. */
const RETRY_UNAVAILABLE_S = 5;

function isLoopback(address: string | undefined): boolean {
  return address !== undefined && (address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.'));
}

/** The run outcome a pool failure means, for /metrics. */
function failedRunLabel(error: unknown): RunOutcomeLabel {
  if (error instanceof PoolTimeoutError) return 'timeout';
  if (error instanceof PoolMemoryError) return 'memory_limit';
  if (error instanceof PoolWorkerDiedError) return 'worker_died';
  return 'refused';
}

const RUN_PATH = '/v1/run';
const CALL_PATH = '/v1/call';

/** The error body in the envelope of the endpoint (api.md "Envelopes and errors"). */
function errorBody(path: string, message: string, code: ErrorCode, extra: Record<string, unknown> = {}): Record<string, unknown> {
  if (path === RUN_PATH) return { success: false, events: [], alerts: [], stats: {}, error: message, code, ...extra };
  if (path === CALL_PATH) return { success: false, result: null, error: message, code, ...extra };
  return { success: false, error: message, code, ...extra };
}

/** Content-Type application/json on a request with a body; the plain spelling is checked without type-is's parse. */
function isJsonRequest(ctx: Koa.Context): boolean {
  const { 'content-type': type, 'content-length': length, 'transfer-encoding': chunked } = ctx.req.headers;
  if (type === 'application/json' && (length !== undefined || chunked !== undefined)) return true;
  return Boolean(ctx.request.is('application/json'));
}

export function createApp(options: AppOptions): Koa {
  const app = new Koa();
  app.proxy = false;
  const log = options.log ?? bufferedLineWriter();
  // Koa reports errors outside the middleware (a client that vanished mid-answer) here; one JSON line, no stack.
  app.on('error', (error: Error & { code?: string }) => log(JSON.stringify({ level: 'warn', message: 'connection error', error: error.code ?? error.name })));
  const { access, pool, metrics } = options;

  // Request id, access log and the one place where failures become JSON envelopes.
  app.use(async (ctx, next) => {
    const started = performance.now();
    const requestId = randomUUID();
    ctx.state.requestId = requestId;
    ctx.set('X-Request-Id', requestId);
    // answers carry patient data: never cached by a browser or proxy, never sniffed as another type
    ctx.set('Cache-Control', 'no-store');
    ctx.set('X-Content-Type-Options', 'nosniff');
    if (options.tls) ctx.set('Strict-Transport-Security', 'max-age=31536000');
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) {
        ctx.status = 404;
        ctx.body = errorBody(ctx.path, `no such endpoint: ${ctx.method} ${ctx.path} (see /v1/openapi.json)`, 'not_found');
      }
    } catch (error) {
      const { status, code, message, headers } = toHttpError(error, ctx.method, ctx.path);
      for (const [name, value] of Object.entries(headers)) ctx.set(name, value);
      ctx.status = status;
      if (status >= 500 && code === 'internal') {
        log(JSON.stringify({ level: 'error', request_id: requestId, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }));
      }
      ctx.body = errorBody(ctx.path, status >= 500 && code === 'internal' ? `${message} (request id ${requestId})` : message, code);
    }
    const account = ctx.state.account as Account | undefined;
    metrics?.request(ctx.path, ctx.method, ctx.status, (performance.now() - started) / 1000);
    log(accessLogLine({ requestId, method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round((performance.now() - started) * 100) / 100, owner: account?.owner }));
  });

  /** True when the request carries a valid key (development mode: always); never throws, never counts. */
  const showsKey = async (ctx: Koa.Context): Promise<boolean> => {
    if (access.keyRequired && !ctx.get('X-API-Key')) return false; // the common keyless probe: no failed authentication to build
    try {
      let authenticated = false;
      await access.authenticate(ctx, async () => {
        authenticated = true;
      });
      return authenticated;
    } catch {
      return false;
    }
  };

  const health = async (ctx: Koa.Context): Promise<void> => {
    const data = healthData();
    const healthy = (await access.healthy()) && pool.healthy() && data.error === null;
    const detailed = await showsKey(ctx);
    ctx.status = healthy ? 200 : 503;
    ctx.type = 'application/json';
    ctx.body = data.body(healthy, detailed);
  };
  // load balancers poll /v1/health often: answered before the playground, the metrics path and the router's matching
  app.use((ctx, next) => (ctx.method === 'GET' && ctx.path === '/v1/health' ? health(ctx) : next()));
  // POST /v1/run and /v1/call, once the router below has defined them
  let routed: Koa.Middleware = (_ctx, next) => next();
  app.use((ctx, next) => routed(ctx, next));
  app.use(playground());

  const router = new Router({ prefix: '/v1' });
  // a connection that has shown a valid key is no longer subject to the keyless connection cap (connections.ts)
  const authenticate: Koa.Middleware = (ctx, next) =>
    access.authenticate(ctx, () => {
      if ((ctx.state.account as Account).keyId !== null) markKeyed(ctx.socket);
      return next();
    });
  // The body as text (koa-bodyparser's size, encoding and charset handling, JSON types read as text): /v1/run
  // hands the text to a pool child as it is; the other endpoints parse it here (request-body.ts).
  const readText = bodyParser({ enableTypes: ['text'], extendTypes: { text: ['application/json'] }, textLimit: String(MAX_BODY_BYTES), onerror: (error) => { throw error; } });
  const bodyText = async (ctx: Koa.Context): Promise<string> => {
    try {
      const plain = readPlainBody(ctx.req, MAX_BODY_BYTES);
      if (plain) return await plain;
      await readText(ctx, async () => {});
    } catch (error) {
      throw bodyReadError(error);
    }
    const text = ctx.request.body;
    return typeof text === 'string' ? text : ''; // no body at all reads as an empty one
  };
  const rawText: Koa.Middleware = async (ctx, next) => {
    ctx.state.bodyText = await bodyText(ctx);
    await next();
  };
  const json: Koa.Middleware = async (ctx, next) => {
    const text = await bodyText(ctx);
    ctx.state.bodyBytes = Buffer.byteLength(text);
    ctx.request.body = parseJsonBody(text);
    await next();
  };
  const requireJson: Koa.Middleware = async (ctx, next) => {
    if (!isJsonRequest(ctx)) throw new HttpError(400, 'invalid_request', 'the request body must be JSON sent with Content-Type: application/json');
    const length = Number(ctx.get('content-length'));
    if (Number.isFinite(length) && length > MAX_BODY_BYTES) throw new HttpError(413, 'too_large', `the request body is larger than 1 MiB (${length} bytes)`);
    await next();
  };
  if (metrics && options.metricsOnApiPort !== false) {
    // outside /v1 where Prometheus looks; fleet internals are for the operator's own host only
    app.use(async (ctx, next) => {
      if (ctx.path !== '/metrics') return next();
      if (!isLoopback(ctx.socket.remoteAddress)) throw new HttpError(404, 'not_found', 'no such endpoint: GET /metrics (served to loopback only; see --metrics-port)');
      if (ctx.method !== 'GET') throw new HttpError(405, 'method_not_allowed', `${ctx.method} is not allowed on /metrics`);
      ctx.type = metrics.registry.contentType;
      ctx.body = await metrics.text();
    });
  }

  router.get('/health', health); // for HEAD and the 405 of other methods; GET is answered before the router

  router.get('/tiers', (ctx) => {
    ctx.body = { tiers: TIERS };
  });

  router.get('/modules', (ctx) => {
    const modules = registry.listing();
    ctx.body = { module_count: Object.keys(modules).length, modules, data_versions: shippedTables(), functions: functionCatalogue() };
  });

  router.get('/openapi.json', (ctx) => {
    ctx.body = openApiDocument();
  });

  router.get('/usage', authenticate, async (ctx) => {
    ctx.body = await access.usage(ctx.state.account as Account);
  });

  const inFlight = createInFlightLimit(); // before admission: a refused request is not counted
  const run = compose([authenticate, inFlight, access.admit, requireJson, rawText, async (ctx: Koa.Context) => {
    const account = ctx.state.account as Account;
    let reply;
    try {
      // the body's text, parsed and validated in the child, which answers with the envelope's text
      reply = await pool.runText(ctx.state.bodyText as string, account.owner, ctx.state.requestId as string, account.prefix ?? 'development');
    } catch (error) {
      metrics?.run(failedRunLabel(error));
      throw error;
    }
    if (reply.kind !== 'bad_request') metrics?.run(reply.kind);
    ctx.status = reply.status;
    if (reply.kind === 'unavailable') ctx.set('Retry-After', String(RETRY_UNAVAILABLE_S));
    ctx.type = 'application/json';
    ctx.body = reply.json;
  }]);
  router.post('/run', run);

  // diagnostics only: counted against the per-minute limit, never the month; checked in a pool child like a run
  router.post('/check', authenticate, inFlight, access.admitMinuteOnly, requireJson, json, async (ctx) => {
    const body = objectBody(ctx.request.body);
    if (!validateCheckBody(body)) throw new HttpError(400, 'invalid_request', describeBodyError(validateCheckBody.errors));
    const code = checkCodeLength(body.code as string);
    const account = ctx.state.account as Account;
    ctx.body = await pool.check(code, account.owner, ctx.state.requestId as string);
  });

  const call = compose([authenticate, inFlight, access.admit, requireJson, json, async (ctx: Koa.Context) => {
    const body = objectBody(ctx.request.body);
    if (!validateCallBody(body)) throw new HttpError(400, 'invalid_request', describeBodyError(validateCallBody.errors));
    const account = ctx.state.account as Account;
    const call = body as unknown as CallRequest;
    const options = { organization: account.owner, requestId: ctx.state.requestId as string, actor: account.prefix ?? 'development' };
    // a function proven bounded, on a small body, is answered here; every other call runs in a pool child
    // under the run time limit, so no library function can hold this event loop (runtime/modules/bounded.ts)
    if (registry.resolve(call.module, call.function)?.bounded && (ctx.state.bodyBytes as number) <= BOUNDED_CALL_MAX_BYTES) {
      const outcome = callFunction(call, options);
      ctx.status = outcome.kind === 'ok' ? 200 : 400;
      ctx.body = outcome.body;
      return;
    }
    const outcome = await pool.call(call, options.organization, options.requestId, options.actor);
    if (outcome.kind === 'unavailable') throw new StoreUnavailableError(outcome.message);
    if (outcome.kind === 'internal') throw new Error('internal error in a library call (logged by the worker)');
    ctx.status = outcome.kind === 'ok' ? 200 : 400;
    ctx.body = outcome.body;
  }]);
  router.post('/call', call);

  // the counted endpoints' exact paths skip the router's matching (a tenth of a bounded /call's CPU); the
  // router keeps them for their other spellings, HEAD and the 405 of other methods
  const counted = new Map([[RUN_PATH, run], [CALL_PATH, call]]);
  routed = (ctx, next) => {
    const handler = ctx.method === 'POST' ? counted.get(ctx.path) : undefined;
    return handler ? handler(ctx, next) : next();
  };
  app.use(router.routes());
  app.use(router.allowedMethods({ throw: true }));
  return app;
}

function bodyReadError(error: unknown): HttpError {
  const { status, type } = error as { status?: number; type?: string };
  if (status === 413) return new HttpError(413, 'too_large', 'the request body is larger than 1 MiB');
  if (status === 415 && /content-encoding/i.test((error as Error).message)) {
    return new HttpError(400, 'invalid_request', 'unsupported Content-Encoding: send the body as identity, gzip or deflate');
  }
  if (type === 'request.aborted') return new HttpError(400, 'invalid_request', 'the request body was cut off before its end');
  if (type === 'request.size.invalid') return new HttpError(400, 'invalid_request', 'the request body is shorter or longer than its Content-Length');
  if (String((error as { code?: unknown }).code ?? '').startsWith('Z_')) {
    return new HttpError(400, 'invalid_request', 'the request body is not valid data for its Content-Encoding'); // a zlib error
  }
  if (type === 'encoding.unsupported' || type === 'charset.unsupported') return new HttpError(400, 'invalid_request', 'the request body must be UTF-8 JSON');
  return new HttpError(400, 'invalid_request', 'the request body is not valid JSON');
}

function toHttpError(error: unknown, method: string, path: string): { status: number; code: ErrorCode; message: string; headers: Record<string, string> } {
  if (error instanceof HttpError) return { status: error.status, code: error.code, message: error.message, headers: { ...error.headers } };
  if (error instanceof PoolTimeoutError) return { status: 408, code: 'timeout', message: error.message, headers: {} };
  if (error instanceof PoolQueueFullError) return { status: 503, code: 'unavailable', message: `${error.message}; retry shortly`, headers: { 'Retry-After': '1' } };
  if (error instanceof PoolClosedError) return { status: 503, code: 'unavailable', message: error.message, headers: { 'Retry-After': '5' } };
  if (error instanceof StoreUnavailableError) return { status: 503, code: 'unavailable', message: `${error.message}; retry shortly`, headers: { 'Retry-After': String(RETRY_UNAVAILABLE_S) } };
  if (error instanceof PoolWorkerDiedError) return { status: 500, code: 'internal', message: error.message, headers: {} };
  const status = (error as { status?: number }).status;
  if (status === 405 || status === 501) {
    return { status: 405, code: 'method_not_allowed', message: `${method} is not allowed on ${path}`, headers: {} };
  }
  if (status === 413) return { status: 413, code: 'too_large', message: 'the request body is larger than 1 MiB', headers: {} };
  if (status === 400 || status === 415) return { status: 400, code: 'invalid_request', message: 'the request body is not valid JSON', headers: {} };
  return { status: 500, code: 'internal', message: 'internal error; the server log has the details', headers: {} };
}
