// `cpes serve`: the HTTP API with its worker pool, in development mode or with keys and metering.
import { availableParallelism } from 'node:os';
import type { Server } from 'node:http';
import { createApp } from '../http/app.js';
import { createDevAccess } from '../http/dev-access.js';
import { WorkerPool } from '../http/pool/index.js';
import { bufferedLineWriter } from '../http/log-writer.js';
import { createHttpServer, DEFAULT_HTTP_LIMITS, type HttpLimits, type Server as ApiServer, type TlsFiles } from '../http/server.js';
import { readFileSync } from 'node:fs';
import { createSecureContext } from 'node:tls';
import { DEFAULT_CONNECTION_LIMITS } from '../http/connections.js';
import type { AccessControl } from '../http/access-types.js';
import { createMetricsServer, ServiceMetrics } from '../http/metrics.js';
import { DEFAULT_POOL_SIZE, storeLocation } from '../store/index.js';
import { openLibrary } from './serve-library.js';
import { usePackDirectory } from '../runtime/packs/active.js';
import { openStoreAccess } from './serve-store.js';
import { holdsKeys } from '../store/sqlite/keys.js';
import { resolve } from 'node:path';

const USAGE = `usage: cpes serve [options]
  --port N            port (default 8080; env CPES_PORT)
  --host HOST         address (default 0.0.0.0, 127.0.0.1 in dev mode; env CPES_HOST)
  --data-dir DIR      data directory: SQLite store (keys, usage, db and research records), research
                      secret and data packs (default ./data; env CPES_DATA_DIR; in development mode
                      without it: a fresh temporary directory)
  --store URL         keep keys, usage, db and research records in PostgreSQL instead of SQLite, shared
                      by every instance given the same URL: postgres://user@host:5432/db (env CPES_STORE;
                      prefer the variable or PGPASSWORD for a password: command lines are visible to all)
  --pool-size N       PostgreSQL connections of this instance's HTTP process (default ${DEFAULT_POOL_SIZE}; env CPES_POOL_SIZE);
                      each protocol worker holds up to 2 more
  --metrics-port N    serve GET /metrics on this port instead of the API port (env CPES_METRICS_PORT);
                      without it /metrics answers on the API port to loopback clients only
  --price-list FILE   finance price list replacing the shipped placeholder prices (env CPES_PRICE_LIST)
  --workers N         protocol worker processes (default: one per core; env CPES_WORKERS)
  --run-timeout MS    kill a run after this many ms (default 10000; env CPES_RUN_TIMEOUT)
  --max-queue N       runs that may wait for a worker (default 64; env CPES_MAX_QUEUE)
  --heap-mb N         heap limit of each worker, MiB (default 256; env CPES_HEAP_MB)
  --max-connections N open connections at most (default 900; env CPES_MAX_CONNECTIONS); keep it below
                      the process's file limit (LimitNOFILE)
  --max-keyless-connections N
                      connections without a valid key at most; past it the oldest idle one is closed
                      (default 256; env CPES_MAX_KEYLESS_CONNECTIONS)
  --tls-cert FILE     serve HTTPS with this PEM certificate (chain) (env CPES_TLS_CERT); needs --tls-key
  --tls-key FILE      the certificate's PEM private key (env CPES_TLS_KEY); keep it owner-only
  --dev               development mode: no API key, nothing counted (env CPES_DEV_MODE=1); loopback only,
                      and never over a data directory that holds API keys
  --dev-allow-remote  let development mode listen on a non-loopback address (env CPES_DEV_ALLOW_REMOTE=1)`;

export interface ServeOptions {
  port: number;
  host: string | undefined;
  dataDir: string;
  workers: number;
  runTimeoutMs: number;
  maxQueue: number;
  heapMb: number;
  dev: boolean;
  tlsCert?: string;
  tlsKey?: string;
  /** development mode may listen beyond loopback */
  devAllowRemote?: boolean;
  /** tests shorten the HTTP timeouts; operators keep the defaults (README "Guarantees") */
  httpLimits?: Partial<HttpLimits>;
  priceList?: string;
  /** a postgres:// URL; undefined: SQLite in dataDir */
  store?: string;
  /** PostgreSQL connections of the HTTP process (DEFAULT_POOL_SIZE when not given) */
  poolSize?: number;
  metricsPort?: number;
  maxConnections?: number;
  maxKeylessConnections?: number;
  /** tests inject a clock for the key store's windows and months */
  now?: () => Date;
}

const FLAGS: Record<string, { key: keyof ServeOptions; env: string; kind: 'int' | 'string' | 'bool' }> = {
  '--port': { key: 'port', env: 'CPES_PORT', kind: 'int' },
  '--host': { key: 'host', env: 'CPES_HOST', kind: 'string' },
  '--data-dir': { key: 'dataDir', env: 'CPES_DATA_DIR', kind: 'string' },
  '--workers': { key: 'workers', env: 'CPES_WORKERS', kind: 'int' },
  '--run-timeout': { key: 'runTimeoutMs', env: 'CPES_RUN_TIMEOUT', kind: 'int' },
  '--max-queue': { key: 'maxQueue', env: 'CPES_MAX_QUEUE', kind: 'int' },
  '--heap-mb': { key: 'heapMb', env: 'CPES_HEAP_MB', kind: 'int' },
  '--dev': { key: 'dev', env: 'CPES_DEV_MODE', kind: 'bool' },
  '--tls-cert': { key: 'tlsCert', env: 'CPES_TLS_CERT', kind: 'string' },
  '--tls-key': { key: 'tlsKey', env: 'CPES_TLS_KEY', kind: 'string' },
  '--dev-allow-remote': { key: 'devAllowRemote', env: 'CPES_DEV_ALLOW_REMOTE', kind: 'bool' },
  '--price-list': { key: 'priceList', env: 'CPES_PRICE_LIST', kind: 'string' },
  '--store': { key: 'store', env: 'CPES_STORE', kind: 'string' },
  '--pool-size': { key: 'poolSize', env: 'CPES_POOL_SIZE', kind: 'int' },
  '--metrics-port': { key: 'metricsPort', env: 'CPES_METRICS_PORT', kind: 'int' },
  '--max-connections': { key: 'maxConnections', env: 'CPES_MAX_CONNECTIONS', kind: 'int' },
  '--max-keyless-connections': { key: 'maxKeylessConnections', env: 'CPES_MAX_KEYLESS_CONNECTIONS', kind: 'int' },
};

/** Below 64 MiB a worker cannot load the engine and its tables, so it would die before taking any work. */
const MINIMUM: Partial<Record<keyof ServeOptions, number>> = { maxQueue: 0, port: 0, metricsPort: 0, heapMb: 64 };

/** Flags win over environment variables, which win over defaults. Throws with a usage message. */
export function parseServeOptions(argv: string[], env: NodeJS.ProcessEnv): ServeOptions {
  const options: ServeOptions = {
    port: 8080,
    host: undefined,
    dataDir: './data',
    workers: availableParallelism(),
    runTimeoutMs: 10_000,
    maxQueue: 64,
    heapMb: 256,
    dev: false,
    poolSize: DEFAULT_POOL_SIZE,
  };
  const set = (flag: string, raw: string | undefined, source: string): void => {
    const spec = FLAGS[flag]!;
    if (spec.kind === 'bool') {
      (options[spec.key] as boolean) = raw === undefined || ['1', 'true', 'yes'].includes(raw.toLowerCase());
      return;
    }
    if (raw === undefined || raw === '') throw new Error(`${source} needs a value`);
    if (spec.kind === 'int') {
      const n = Number(raw);
      const min = MINIMUM[spec.key] ?? 1;
      if (!Number.isInteger(n) || n < min) throw new Error(`${source} must be a whole number ≥ ${min}, got '${raw}'`);
      (options[spec.key] as number) = n;
    } else {
      (options[spec.key] as string) = raw;
    }
  };
  let dataDirGiven = false;
  for (const [flag, spec] of Object.entries(FLAGS)) {
    const value = env[spec.env];
    if (spec.key === 'dataDir' && value !== undefined && value !== '') dataDirGiven = true;
    if (value !== undefined && value !== '') set(flag, spec.kind === 'bool' ? value : value, spec.env);
  }
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i]!.split(/=(.*)/s, 2) as [string, string | undefined];
    const spec = FLAGS[flag];
    if (!spec) throw new Error(`unknown option '${argv[i]}'`);
    if (spec.key === 'dataDir') dataDirGiven = true;
    if (spec.kind === 'bool') set(flag, inline ?? undefined, flag);
    else set(flag, inline ?? argv[++i], flag);
  }
  // development mode keeps library records in a throwaway directory unless one is named
  if (options.dev && !dataDirGiven) options.dataDir = '';
  if (options.dev && options.store) throw new Error('--dev keeps records in a local directory; it takes no --store');
  if ((options.tlsCert === undefined) !== (options.tlsKey === undefined)) throw new Error('--tls-cert and --tls-key go together: give both for HTTPS, or neither');
  storeLocation(options.store, options.dataDir, options.poolSize); // a bad URL stops here, with its reason
  return options;
}

export interface RunningServer {
  server: ApiServer;
  url: string;
  pool: WorkerPool;
  metrics: ServiceMetrics;
  /** the --metrics-port listener's URL of /metrics, when there is one */
  metricsUrl: string | null;
  close(): Promise<void>;
}

async function listen(server: Server | ApiServer, port: number, host: string): Promise<number> {
  server.listen(port, host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const address = server.address();
  return typeof address === 'object' && address ? address.port : port;
}

const urlHost = (host: string): string => (host.includes(':') ? `[${host}]` : host);

/** The certificate and key files, read before anything starts (a missing file stops the start, naming it). */
function readTlsFiles(options: ServeOptions): TlsFiles | undefined {
  if (options.tlsCert === undefined || options.tlsKey === undefined) return undefined;
  const read = (path: string, what: string): Buffer => {
    try {
      return readFileSync(path);
    } catch (error) {
      throw new Error(`cannot read the TLS ${what} ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    }
  };
  const files = { cert: read(options.tlsCert, 'certificate'), key: read(options.tlsKey, 'key') };
  try {
    createSecureContext(files);
  } catch (error) {
    // OpenSSL's reason (no key material is in it)
    throw new Error(`the TLS certificate ${options.tlsCert} and key ${options.tlsKey} cannot be used: ${(error as Error).message}`);
  }
  return files;
}

const isLoopbackHost = (host: string): boolean => host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);

/** Development mode serves every function without a key: refuse where that would expose real data. */
function checkDevelopmentMode(options: ServeOptions, host: string): void {
  if (!isLoopbackHost(host) && !options.devAllowRemote) {
    throw new Error(`development mode answers without an API key, so it listens on loopback only (127.0.0.1, ::1, localhost), not '${host}'; give --dev-allow-remote to expose it anyway`);
  }
  if (options.dataDir && holdsKeys(resolve(options.dataDir))) {
    throw new Error(`the data directory ${resolve(options.dataDir)} holds API keys, so its records belong to real organizations; development mode never serves it: give another --data-dir, or none for a temporary one`);
  }
}

/** Starts the service; resolves once it listens. */
export async function startServer(options: ServeOptions, log: (line: string) => void = bufferedLineWriter()): Promise<RunningServer> {
  const host = options.host ?? (options.dev ? '127.0.0.1' : '0.0.0.0');
  if (options.dev) checkDevelopmentMode(options, host);
  const tls = readTlsFiles(options);
  let access: AccessControl;
  let closeStore = async (): Promise<void> => {};
  const location = storeLocation(options.store, options.dataDir, options.poolSize);
  const metrics = new ServiceMetrics();
  if (options.dev) {
    access = createDevAccess();
    log('WARNING: development mode: no API key is required and nothing is counted. Do not expose this server.');
  } else {
    const opened = await openStoreAccess(location, log, { now: options.now, metrics });
    access = opened.access;
    closeStore = opened.close;
  }
  const library = openLibrary(options);
  usePackDirectory(options.dataDir || null); // /v1/call and /v1/health read packs here; each pool child is told the same directory
  const pool = new WorkerPool({
    workers: options.workers,
    runTimeoutMs: options.runTimeoutMs,
    maxQueue: options.maxQueue,
    heapMb: options.heapMb,
    dataDir: library.dataDir,
    storeUrl: location.kind === 'postgres' ? location.url : undefined,
    reserveForOthers: !options.dev,
  });
  metrics.watchPool(pool);
  const separateMetrics = options.metricsPort !== undefined;
  const app = createApp({ pool, access, log, metrics, metricsOnApiPort: !separateMetrics, tls: tls !== undefined });
  const server = createHttpServer(app, { ...DEFAULT_HTTP_LIMITS, ...options.httpLimits }, {
    maxConnections: options.maxConnections ?? DEFAULT_CONNECTION_LIMITS.maxConnections,
    maxKeylessConnections: options.maxKeylessConnections ?? DEFAULT_CONNECTION_LIMITS.maxKeylessConnections,
  }, tls);
  const port = await listen(server, options.port, host);
  const url = `${tls ? 'https' : 'http'}://${urlHost(host)}:${port}/v1`;
  let metricsServer: Server | null = null;
  let metricsUrl: string | null = null;
  if (separateMetrics) {
    metricsServer = createMetricsServer(metrics);
    metricsUrl = `http://${urlHost(host)}:${await listen(metricsServer, options.metricsPort!, host)}/metrics`;
  }
  let closing: Promise<void> | null = null;
  return {
    server,
    url,
    pool,
    metrics,
    metricsUrl,
    close: () =>
      (closing ??= (async () => {
        let closed = false;
        const stopped = new Promise<void>((resolve) => server.close(() => resolve())).then(() => (closed = true));
        server.closeIdleConnections();
        metricsServer?.close();
        await pool.close(); // running protocols finish, up to the run timeout
        // let the answers of those runs reach their clients, closing connections as they fall idle
        for (let waited = 0; !closed && waited < 2000; waited += 25) {
          server.closeIdleConnections();
          await new Promise((r) => setTimeout(r, 25));
        }
        server.closeAllConnections();
        await stopped;
        await closeStore();
        library.close();
      })()),
  };
}

export async function main(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  let options: ServeOptions;
  try {
    options = parseServeOptions(argv, process.env);
  } catch (error) {
    process.stderr.write(`cpes serve: ${(error as Error).message}\n${USAGE}\n`);
    return 1;
  }
  let running: RunningServer;
  try {
    running = await startServer(options);
  } catch (error) {
    process.stderr.write(`cpes serve: cannot start: ${(error as Error).message}\n`);
    return 1;
  }
  process.stdout.write(`cpes listening on ${running.url} (${options.workers} workers${options.dev ? ', development mode' : ''})\n`);
  await new Promise<void>((resolve) => {
    let stopping = false;
    const stop = (why: string): void => {
      if (stopping) return;
      stopping = true;
      process.stderr.write(`cpes: ${why}, finishing running work\n`);
      void running.close().then(resolve);
    };
    process.once('SIGTERM', () => stop('SIGTERM received'));
    process.once('SIGINT', () => stop('SIGINT received'));
    // `npx cpes serve` and `npm start` end on SIGTERM without passing it on, leaving this process behind:
    // when started by npm, the end of the npm process that started it stops the server the same way
    if (process.env.npm_command || process.env.npm_lifecycle_event) {
      const parent = process.ppid;
      const watch = setInterval(() => {
        if (process.ppid === parent) return;
        clearInterval(watch);
        stop('the npm process that started it ended');
      }, PARENT_CHECK_MS);
      watch.unref();
    }
  });
  return 0;
}

const PARENT_CHECK_MS = 500;
