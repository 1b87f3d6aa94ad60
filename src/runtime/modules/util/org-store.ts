// How db and research reach the organization's store (modules.md §16, §19): every call is stamped with
// the organization, actor, request, source and protocol line, and audited, including calls refused with
// an argument error. Store refusals (quota, size, value, missing record) become argument errors here: a
// 400 on /call, a positioned runtime error in a protocol. An unreachable database is not an argument
// error: it passes through as StoreUnavailableError (503).
import { isStoreRefusal, type AuditStamp, type LibraryStore } from '../../../store/library.js';
import { ArgumentError, type CallContext } from '../types.js';

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

/** The store operations of one call, with its label (`db.save_lab`) for error messages. */
export function withStore<T>(ctx: CallContext, label: string, target: string | null, body: (store: LibraryStore, stamp: AuditStamp) => T): T {
  const store = ctx.store();
  const stamp = stampOf(ctx);
  const operation = label.slice(label.indexOf('.') + 1);
  try {
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
