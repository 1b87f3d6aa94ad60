// The engine's public result shapes: exactly the bodies of POST /v1/run and POST /v1/call
// (service.md §2, api.md, language.md §8–§9). The HTTP layer only adds status codes and headers.
import type { Diagnostic, Severity } from '../diagnostic.js';
import type { JsonValue } from '../runtime/modules/types.js';
import type { LibraryStore } from '../store/library.js';

/** One log entry: `{ event: "[<line>] LOG: <message>", line, kind, ...facts as data }` (language.md §8). */
export interface RunEvent {
  event: string;
  line: number;
  kind: string;
  [fact: string]: JsonValue;
}

export interface RunAlert {
  severity: 'info' | 'warning' | 'high' | 'critical';
  message: string;
  line: number;
}

export interface RunStats {
  event_count: number;
  execution_time_ms: number;
  engine_version: string;
  /** events and alerts beyond the limits of language.md §8 */
  events_dropped: number;
}

/** A diagnostic as sent in `diagnostics` (language.md §9). */
export type DiagnosticBody = Pick<Diagnostic, 'line' | 'column' | 'endLine' | 'endColumn' | 'message'>;

/** A diagnostic of POST /v1/check and the language server: where, how bad, what, and a replacement when one is known. */
export interface CheckDiagnostic {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  severity: Severity;
  message: string;
  suggestion?: string;
}

/** The POST /v1/check body: `success` is false when any diagnostic is an error (warnings alone pass). */
export interface CheckEnvelope {
  success: boolean;
  diagnostics: CheckDiagnostic[];
}

export interface RunEnvelope {
  success: boolean;
  events: RunEvent[];
  alerts: RunAlert[];
  /** filled on success; `{}` on failure (service.md §2) */
  stats: RunStats | Record<string, never>;
  error: string | null;
  /** api.md code on errors: `syntax_error` for syntax and compile errors */
  code?: string;
  diagnostics?: DiagnosticBody[];
}

/**
 * `ok`: ran to the end (HTTP 200). `runtime_error`: stopped with a runtime error (HTTP 200, success false).
 * `invalid`: syntax or compile errors, nothing ran (HTTP 400 with diagnostics). `timeout`: the run
 * stopped itself at its time limit (HTTP 408), with the events logged so far and the line it was at.
 * `unavailable`: the record store could not be reached during the run (HTTP 503 with Retry-After).
 */
export interface RunOutcome {
  kind: 'ok' | 'runtime_error' | 'invalid' | 'timeout' | 'unavailable';
  body: RunEnvelope;
  /** where a runtime error stopped the run (for `cpes run` to show the line); not part of the HTTP body */
  at?: { line: number; column: number };
}

export interface CallEnvelope {
  success: boolean;
  result: JsonValue;
  error: string | null;
  code?: string;
}

/** `ok` → 200; `invalid` (unknown module/function, argument error) → 400. */
export interface CallOutcome {
  kind: 'ok' | 'invalid';
  body: CallEnvelope;
}

export interface EngineOptions {
  /** the API key's owner; `development` in dev mode */
  organization?: string;
  requestId?: string;
  /** injected clock (tests fix it) */
  now?: () => Date;
  /** the key's display prefix for the audit trail; `development` by default */
  actor?: string;
  /** the persistent store of db and research; the process's installed store by default */
  store?: LibraryStore;
  /** the run's time limit in ms: the run stops itself shortly before it (see stopBeforeLimit) */
  timeLimitMs?: number;
}
