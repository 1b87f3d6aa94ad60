// How db and research reach the organization's store (modules.md §16, §19): every call is stamped with
// the organization, actor, request, source and protocol line, and audited, including calls refused with
// an argument error. Store refusals (quota, size, value, missing record) become argument errors here: a
// 400 on /call, a positioned runtime error in a protocol. An unreachable database is not an argument
// error: it passes through as StoreUnavailableError (503).
import { isStoreRefusal, type AuditStamp, type LibraryStore } from '../../../store/library.js';
import { ArgumentError, type Args, type CallContext } from '../types.js';

/** What one request (a run or a /call) may send to the store, arguments measured as JSON, whatever its number of calls. */
export const MAX_REQUEST_STORE_BYTES = 8 * 1024 * 1024;

/** Counts a call's arguments against the request's budget; refused (before the store is touched) past it. */
function chargeRequest(ctx: CallContext, label: string, args: Args): void {
  const budget = ctx.state.slot('store-bytes', () => ({ bytes: 0 }));
  budget.bytes += Buffer.byteLength(JSON.stringify(args) ?? '', 'utf8');
  if (budget.bytes > MAX_REQUEST_STORE_BYTES) {
    throw new ArgumentError(`${label}: this request has sent more than ${MAX_REQUEST_STORE_BYTES / 1024 / 1024} MiB to the record store (the limit per request); nothing more is written`);
  }
}

export function stampOf(ctx: CallContext): AuditStamp {
  return {
    org: ctx.organization,
    actor: ctx.actor,
    requestId: ctx.requestId,
    source: ctx.source,
    line: ctx.source === 'run' ? ctx.line : null,
    at: ctx.now().toISOString(),
  };
}

/** The store operations of one call, with its label (`db.save_lab`) for error messages and its arguments for the request's byte budget. */
export function withStore<T>(ctx: CallContext, label: string, target: string | null, args: Args, body: (store: LibraryStore, stamp: AuditStamp) => T): T {
  const store = ctx.store();
  const stamp = stampOf(ctx);
  const operation = label.slice(label.indexOf('.') + 1);
  try {
    chargeRequest(ctx, label, args);
    return body(store, stamp);
  } catch (error) {
    if (isStoreRefusal(error)) throw new ArgumentError(`${label}: ${error.message}`);
    if (error instanceof ArgumentError) store.appendAudit(stamp, operation, target, 'error');
    throw error;
  }
}

/** The audit row of a call refused by argument validation before it ran. */
export function auditRefusal(label: string): (ctx: CallContext) => void {
  return (ctx) => ctx.store().appendAudit(stampOf(ctx), label.slice(label.indexOf('.') + 1), null, 'error');
}
