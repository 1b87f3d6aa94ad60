// The engine entry point: protocol source and patient in, the exact /v1/run body out. Used by the CLI
// and by the HTTP workers. It never throws: internal faults become an error envelope without a stack.
import { analyze } from '../compiler/frontend.js';
import { compileProgram, type CompiledProgram } from '../compiler/compile.js';
import { formatDiagnostic, type Diagnostic } from '../diagnostic.js';
import { createContext } from '../runtime/modules/context.js';
import { registry } from '../runtime/modules/index.js';
import type { JsonValue } from '../runtime/modules/types.js';
import { buildPatient, PatientError, readPatient } from '../runtime/patient.js';
import { seedFromText } from '../util/random.js';
import { formatNumber } from '../runtime/values.js';
import { StoreUnavailableError } from '../store/errors.js';
import { LruCache } from './cache.js';
import { libraryStore } from './library-store.js';
import type { CheckDiagnostic, CheckEnvelope, EngineOptions, RunEnvelope, RunOutcome } from './types.js';
import { ENGINE_VERSION } from './version.js';

export { callFunction } from './call.js';
export { ENGINE_VERSION, API_VERSION } from './version.js';
export type * from './types.js';

type Compiled = ({ program: CompiledProgram; diagnostics: null } | { program: null; diagnostics: Diagnostic[] }) & { warnings: Diagnostic[] };

const cache = new LruCache<string, Compiled>(256);

/**
 * Compiled programs are cached per organization (issue 29): a shared entry would let one tenant time
 * whether another recently ran an exact text. The key is the length-prefixed organization and the text
 * itself, not a digest of them: the map hashes it once, where a digest cost a SHA-256 per run on top.
 */
function compile(source: string, organization = ''): Compiled {
  const key = `${organization.length}:${organization}${source}`;
  let entry = cache.get(key);
  if (!entry) {
    const { program, diagnostics, warnings } = analyze(source, registry.catalog);
    entry = program ? { program: compileProgram(program, registry), diagnostics: null, warnings } : { program: null, diagnostics, warnings };
    cache.set(key, entry);
  }
  return entry;
}

/**
 * Every diagnostic of a protocol without running it: syntax and compile errors (`severity: 'error'`)
 * and warnings (`severity: 'warning'`), in source order; empty when it is clean. The one entry behind
 * `cpes check`, `/v1/check` and the language server, so they never disagree.
 */
export function checkProtocol(source: string): Diagnostic[] {
  const { diagnostics, warnings } = compile(source);
  return [...(diagnostics ?? []), ...warnings].sort((a, b) => a.line - b.line || a.column - b.column);
}

/** The POST /v1/check body: every diagnostic of the protocol, nothing run. */
export function checkCode(source: string): CheckEnvelope {
  const diagnostics = checkProtocol(source).map(toCheckDiagnostic);
  return { success: !diagnostics.some((d) => d.severity === 'error'), diagnostics };
}

function toCheckDiagnostic({ line, column, endLine, endColumn, severity, message, suggestion }: Diagnostic): CheckDiagnostic {
  return { line, column, endLine, endColumn, severity, message, ...(suggestion === undefined ? {} : { suggestion }) };
}

function failure(error: string, extra: Partial<RunEnvelope> = {}): RunEnvelope {
  return { success: false, events: [], alerts: [], stats: {}, error, ...extra };
}

/**
 * The run stops itself this long before its limit, so it can still send its partial log before the
 * pool's hard kill: 5% of the limit, at least 50 ms and at most 500 ms.
 */
export function stopBeforeLimit(limitMs: number): number {
  return Math.min(500, Math.max(50, limitMs * 0.05));
}

function deadlineOf(started: number, limitMs: number | undefined): number {
  return limitMs === undefined ? Infinity : started + limitMs - stopBeforeLimit(limitMs);
}

export function runProtocol(source: string, patient?: Record<string, JsonValue>, options: EngineOptions = {}): RunOutcome {
  const started = performance.now();
  try {
    let supplied: Record<string, JsonValue>;
    try {
      supplied = readPatient(patient);
    } catch (error) {
      if (error instanceof PatientError) return { kind: 'invalid', body: failure(error.message, { code: 'invalid_request' }) };
      throw error;
    }
    const compiled = compile(source, options.organization);
    if (!compiled.program) {
      const diagnostics = compiled.diagnostics.map(({ line, column, endLine, endColumn, message }) => ({ line, column, endLine, endColumn, message }));
      return { kind: 'invalid', body: failure(formatDiagnostic(compiled.diagnostics[0]!), { code: 'syntax_error', diagnostics }) };
    }
    const ctx = createContext({
      source: 'run',
      organization: options.organization,
      requestId: options.requestId,
      now: options.now,
      actor: options.actor,
      store: () => options.store ?? libraryStore(),
      patient: buildPatient(supplied),
      seed: () => seedFromText(JSON.stringify({ code: source, patient: patient ?? null })),
    });
    const { log, error, stopped } = compiled.program.run(ctx.patient!, ctx, deadlineOf(started, options.timeLimitMs));
    if (stopped) {
      const limit = `${formatNumber(options.timeLimitMs! / 1000)} s`;
      const message = `stopped at line ${stopped.line} after ${limit} (${stopped.construct})`;
      return { kind: 'timeout', body: { success: false, events: log.events, alerts: log.alerts, stats: {}, error: message, code: 'timeout' } };
    }
    if (error) {
      // a defect behind the error (a library function or the engine failed) goes to the service log, never to the caller
      if (error.fault !== null) logFault(options.requestId, error.fault);
      return { kind: 'runtime_error', body: { success: false, events: log.events, alerts: log.alerts, stats: {}, error: error.format() }, at: { line: error.at.line, column: error.at.column } };
    }
    return {
      kind: 'ok',
      body: {
        success: true,
        events: log.events,
        alerts: log.alerts,
        stats: {
          event_count: log.events.length,
          execution_time_ms: Math.round((performance.now() - started) * 1000) / 1000,
          engine_version: ENGINE_VERSION,
          events_dropped: log.dropped,
        },
        error: null,
      },
    };
  } catch (error) {
    if (error instanceof StoreUnavailableError) {
      const message = `${error.message}; records written by this run before that stay written; retry shortly`;
      return { kind: 'unavailable', body: failure(message, { code: 'unavailable' }) };
    }
    logFault(options.requestId, error);
    return { kind: 'runtime_error', body: failure('internal error while running the protocol; the service log has the details') };
  }
}

/** One JSON line with the request id; the error's name and message, never the protocol or patient. */
function logFault(requestId: string | undefined, error: unknown): void {
  const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  process.stderr.write(`${JSON.stringify({ level: 'error', request_id: requestId ?? null, message: 'internal error while running a protocol', error: reason })}\n`);
}
