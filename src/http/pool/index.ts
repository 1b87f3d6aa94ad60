// The worker pool (api.md "Execution"): protocols run in forked children with a heap limit. A run stops
// itself just before the time limit and answers 408 with its partial log; one that never reaches a
// check is killed with SIGKILL at the limit (408) and a fresh child takes its place; a child that dies
// otherwise fails its run (500) and is replaced; beyond `maxQueue` waiting runs the pool refuses (503).
import { fork, spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { CallRequest } from '../../engine/call.js';
import type { CheckEnvelope, RunOutcome } from '../../engine/types.js';
import type { JsonValue } from '../../runtime/modules/types.js';
import { inSingleExecutable } from '../../util/assets.js';
import { WORKER_ROLE_ARGUMENT, type PoolCallOutcome, type PoolCallRequest, type PoolCheckRequest, type PoolRequest, type PoolResponse, type PoolRunRequest, type PoolRunTextRequest, type RunTextReply } from './messages.js';

export interface PoolOptions {
  workers: number;
  /** milliseconds a run may take before its child is killed */
  runTimeoutMs: number;
  /** runs that may wait for a child; more are refused */
  maxQueue: number;
  /** V8 old-space limit of each child, MiB */
  heapMb: number;
  /** the data directory: its data packs, and the store each child opens for db and research (see store/sqlite/library.ts) */
  dataDir?: string;
  /** the PostgreSQL store's URL, handed to each child in its environment (never its command line, which any local user can read) */
  storeUrl?: string;
  /**
   * Keep one child for the other organizations: no organization runs on every child at once (with two or
   * more children), so another's run starts at once however many runaway protocols one sends. Off in
   * development mode, which has one organization.
   */
  reserveForOthers?: boolean;
}

export class PoolTimeoutError extends Error {
  override name = 'PoolTimeoutError';
}
export class PoolQueueFullError extends Error {
  override name = 'PoolQueueFullError';
}
export class PoolWorkerDiedError extends Error {
  override name = 'PoolWorkerDiedError';
}
/** The child passed its heap limit (V8 aborts it): still a dead worker (500), but the message says why. */
export class PoolMemoryError extends PoolWorkerDiedError {
  override name = 'PoolMemoryError';
}
export class PoolClosedError extends Error {
  override name = 'PoolClosedError';
}

type JobRequest = Omit<PoolRunRequest, 'id' | 'timeLimitMs'> | Omit<PoolRunTextRequest, 'id' | 'timeLimitMs'> | Omit<PoolCheckRequest, 'id' | 'timeLimitMs'> | Omit<PoolCallRequest, 'id' | 'timeLimitMs'>;

interface Job {
  request: JobRequest;
  resolve: (outcome: PoolResponse['outcome']) => void;
  reject: (error: Error) => void;
}

interface Worker {
  child: ChildProcess;
  job: (Job & { id: number; timer: NodeJS.Timeout }) | null;
  ready: boolean;
  /** the child said it was ready once (a child killed later for its run did start) */
  started: boolean;
  /** V8 reported that the heap limit was reached; the child is about to abort */
  outOfMemory: boolean;
}

/** What V8 writes to stderr when a heap limit is reached (its GC trace comes first), just before it aborts the process. */
const OUT_OF_MEMORY = /Last few GCs|Reached heap limit|heap out of memory/;

const MAX_FAILED_STARTS = 3;

function describeExit(code: number | null, signal: NodeJS.Signals | null): string {
  return signal === 'SIGKILL' && code === null ? 'was killed (SIGKILL), possibly out of memory' : `exited with ${signal ?? `code ${code}`}`;
}

/** A child with the IPC channel and the heap limit: this executable in the worker role, or worker.ts/.js under node. */
function startWorkerProcess(heapMb: number, args: string[], storeUrl: string | undefined): ChildProcess {
  const heapLimit = `--max-old-space-size=${heapMb}`;
  const env = { ...process.env, CPES_STORE: storeUrl ?? '' };
  // stderr is piped so the pool can tell an out-of-memory abort from another death
  const stdio: StdioOptions = ['ignore', 'ignore', 'pipe', 'ipc'];
  if (inSingleExecutable()) {
    // a single executable takes no node options on its command line, but does read NODE_OPTIONS
    const nodeOptions = [process.env.NODE_OPTIONS, heapLimit].filter(Boolean).join(' ');
    return spawn(process.execPath, [WORKER_ROLE_ARGUMENT, ...args], { env: { ...env, NODE_OPTIONS: nodeOptions }, stdio, serialization: 'advanced' });
  }
  const workerModule = new URL(import.meta.url.endsWith('.ts') ? './worker.ts' : './worker.js', import.meta.url);
  return fork(fileURLToPath(workerModule), args, {
    execArgv: [heapLimit, ...(workerModule.pathname.endsWith('.ts') ? ['--import', 'tsx'] : [])],
    env,
    stdio,
    serialization: 'advanced',
  });
}

export class WorkerPool {
  private readonly workers = new Set<Worker>();
  /** waiting jobs by organization, served round-robin so one organization's backlog never delays another's */
  private readonly queues = new Map<string, Job[]>();
  private queued = 0;
  /** children each organization occupies now */
  private readonly busyByOrganization = new Map<string, number>();
  /** when (in jobs started) each organization's last job started: the round-robin's turn */
  private readonly lastStarted = new Map<string, number>();
  private nextId = 1;
  private closing = false;
  private replaced = 0;
  /** children in a row that died before they were ready: the pool stops replacing them after a few */
  private failedStarts = 0;

  constructor(private readonly options: PoolOptions) {
    for (let i = 0; i < options.workers; i++) this.spawn();
  }

  /** True when at least one child is alive. */
  healthy(): boolean {
    for (const w of this.workers) if (w.child.exitCode === null && w.child.connected) return true; // per /health: no array built
    return false;
  }

  get pids(): number[] {
    return [...this.workers].map((w) => w.child.pid!).filter(Boolean);
  }

  /** children started and ready for work */
  get readyWorkers(): number {
    return [...this.workers].filter((w) => w.ready).length;
  }

  /** runs waiting for a child */
  get queueDepth(): number {
    return this.queued;
  }

  /** children started to replace one that died or was killed */
  get restarts(): number {
    return this.replaced;
  }

  /** pids of children running a job right now (tests kill one from outside) */
  get busyPids(): number[] {
    return [...this.workers].filter((w) => w.job).map((w) => w.child.pid!);
  }

  run(code: string, patient: Record<string, JsonValue> | undefined, organization: string, requestId: string, actor = organization): Promise<RunOutcome> {
    return this.submit({ kind: 'run', code, patient, organization, requestId, actor }) as Promise<RunOutcome>;
  }

  /** A POST /v1/run body as its raw JSON text: parsed, validated and run in a child, answered as ready JSON text. */
  runText(body: string, organization: string, requestId: string, actor = organization): Promise<RunTextReply> {
    return this.submit({ kind: 'run_text', body, organization, requestId, actor }) as Promise<RunTextReply>;
  }

  /** The protocol's diagnostics, computed in a child like a run (same queue, same time limit), nothing run. */
  check(code: string, organization: string, requestId: string): Promise<CheckEnvelope> {
    return this.submit({ kind: 'check', code, organization, requestId, actor: organization }) as Promise<CheckEnvelope>;
  }

  /** One library call in a child, under the same time limit as a run (a slow function never holds the server). */
  call(call: CallRequest, organization: string, requestId: string, actor = organization): Promise<PoolCallOutcome> {
    return this.submit({ kind: 'call', call, organization, requestId, actor }) as Promise<PoolCallOutcome>;
  }

  private submit(request: JobRequest): Promise<PoolResponse['outcome']> {
    if (this.closing) return Promise.reject(new PoolClosedError('the server is shutting down'));
    if (this.workers.size < this.options.workers && this.failedStarts >= MAX_FAILED_STARTS) {
      this.failedStarts = 0;
      while (this.workers.size < this.options.workers) this.spawn();
    }
    return new Promise((resolve, reject) => {
      const job: Job = { request, resolve, reject };
      const idle = this.idleWorker();
      if (idle && this.mayStart(request.organization)) this.start(idle, job);
      else if (this.queued >= this.options.maxQueue) reject(new PoolQueueFullError(`all workers are busy and ${this.queued} runs are waiting`));
      else this.enqueue(job);
    });
  }

  /** Most children one organization may occupy at once. */
  private get shareLimit(): number {
    const size = this.options.workers;
    return this.options.reserveForOthers && size > 1 ? size - 1 : size;
  }

  private mayStart(organization: string): boolean {
    return (this.busyByOrganization.get(organization) ?? 0) < this.shareLimit;
  }

  private enqueue(job: Job): void {
    const organization = job.request.organization;
    const queue = this.queues.get(organization);
    if (queue) queue.push(job);
    else this.queues.set(organization, [job]);
    this.queued++;
  }

  /**
   * The next job, round-robin over organizations: of those waiting that may start one, the organization
   * whose last job started longest ago (never: first), so one backlog waits behind each other tenant's run.
   */
  private dequeue(): Job | undefined {
    let chosen: string | undefined;
    for (const organization of this.queues.keys()) {
      if (!this.mayStart(organization)) continue;
      if (chosen === undefined || (this.lastStarted.get(organization) ?? -1) < (this.lastStarted.get(chosen) ?? -1)) chosen = organization;
    }
    if (chosen === undefined) return undefined;
    const queue = this.queues.get(chosen)!;
    const job = queue.shift()!;
    if (!queue.length) this.queues.delete(chosen);
    this.queued--;
    return job;
  }

  private allQueued(): Job[] {
    const jobs = [...this.queues.values()].flat();
    this.queues.clear();
    this.queued = 0;
    return jobs;
  }

  private occupy(organization: string, change: 1 | -1): void {
    const count = (this.busyByOrganization.get(organization) ?? 0) + change;
    if (count > 0) this.busyByOrganization.set(organization, count);
    else this.busyByOrganization.delete(organization);
  }

  /** Ends a child's job (answered, timed out or died): frees its organization's share. */
  private release(worker: Worker): (Job & { id: number; timer: NodeJS.Timeout }) | null {
    const job = worker.job;
    if (!job) return null;
    clearTimeout(job.timer);
    worker.job = null;
    this.occupy(job.request.organization, -1);
    return job;
  }

  /** Stops taking runs, lets accepted ones finish (up to the run timeout), then ends every child. */
  async close(): Promise<void> {
    this.closing = true;
    const deadline = Date.now() + this.options.runTimeoutMs;
    while ((this.queued || [...this.workers].some((w) => w.job)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    for (const job of this.allQueued()) job.reject(new PoolClosedError('the server is shutting down'));
    for (const w of this.workers) {
      this.release(w)?.reject(new PoolClosedError('the server is shutting down'));
      w.child.kill('SIGKILL');
    }
    this.workers.clear();
  }

  private idleWorker(): Worker | undefined {
    for (const w of this.workers) if (!w.job && w.ready) return w;
    return undefined;
  }

  private spawn(): void {
    const child = startWorkerProcess(this.options.heapMb, this.options.dataDir === undefined ? [] : [this.options.dataDir], this.options.storeUrl);
    const worker: Worker = { child, job: null, ready: false, started: false, outOfMemory: false };
    this.workers.add(worker);
    // The child's stderr is passed on, except V8's out-of-memory report: the run's answer says it instead.
    child.stderr!.on('data', (chunk: Buffer) => {
      if (OUT_OF_MEMORY.test(chunk.toString())) worker.outOfMemory = true;
      if (!worker.outOfMemory) process.stderr.write(chunk);
    });
    child.on('message', (message: PoolResponse | { ready: true }) => {
      if ('ready' in message) {
        worker.ready = true;
        worker.started = true;
        this.drain();
        return;
      }
      if (worker.job?.id !== message.id) return;
      this.release(worker)!.resolve(message.outcome);
      this.drain();
    });
    // 'close' rather than 'exit': it comes after stderr is read, so an out-of-memory report is seen first
    child.on('close', (code, signal) => {
      this.workers.delete(worker);
      const job = this.release(worker);
      if (job) {
        if (worker.outOfMemory) {
          job.reject(new PoolMemoryError(`the protocol reached the memory limit of ${this.options.heapMb} MiB and was stopped; its worker was replaced`));
        } else {
          job.reject(new PoolWorkerDiedError(`the protocol worker died while running this request: it ${describeExit(code, signal)}`));
        }
      }
      this.failedStarts = worker.started ? 0 : this.failedStarts + 1;
      if (this.failedStarts >= MAX_FAILED_STARTS) {
        // a child that cannot even start (a heap limit too small for the engine, a broken install) would be
        // replaced forever while runs wait: the waiting runs fail with the reason, and the next run tries again
        for (const waiting of this.allQueued()) waiting.reject(new PoolWorkerDiedError(`no protocol worker could start (${this.failedStarts} died while starting, the last ${describeExit(code, signal)}; is the heap limit of ${this.options.heapMb} MiB too small?)`));
        return;
      }
      if (!this.closing || this.queued) {
        this.replaced++;
        this.spawn();
      }
    });
    child.on('error', () => {
      // 'exit' follows and does the accounting; this only keeps the error from being unhandled.
    });
  }

  private start(worker: Worker, job: Job): void {
    const id = this.nextId++;
    const timer = setTimeout(() => {
      if (worker.job?.id !== id) return;
      this.release(worker);
      worker.ready = false; // never hand work to a child that is being killed
      const what = job.request.kind === 'call' ? `the call of ${job.request.call.module}.${job.request.call.function}` : 'the protocol';
      job.reject(new PoolTimeoutError(`${what} ran longer than ${this.options.runTimeoutMs / 1000} s and was stopped`));
      worker.child.kill('SIGKILL');
    }, this.options.runTimeoutMs);
    worker.job = { ...job, id, timer };
    this.occupy(job.request.organization, 1);
    this.lastStarted.set(job.request.organization, id);
    worker.child.send({ id, ...job.request, timeLimitMs: this.options.runTimeoutMs } as PoolRequest);
  }

  /** Gives waiting jobs to idle children, organizations in turn. */
  private drain(): void {
    for (let idle = this.idleWorker(); idle; idle = this.idleWorker()) {
      const next = this.dequeue();
      if (!next) return;
      this.start(idle, next);
    }
  }
}
