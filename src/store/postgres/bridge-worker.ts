// The worker thread behind PostgresLibraryStore (library.ts beside it): it holds the process's
// connection pool and runs each operation asynchronously while the calling thread waits (synckit).
// Answers are plain data: a value, or the refusal to rebuild on the other side.
import { runAsWorker } from 'synckit';
import { asUnavailable } from './connection.js';
import { PostgresLibraryOperations } from './library-operations.js';
import type { BridgeAnswer, BridgeRequest } from './bridge-messages.js';

let opened: { url: string; operations: Promise<PostgresLibraryOperations> } | null = null;

function operationsFor(request: Extract<BridgeRequest, { method: string }>): Promise<PostgresLibraryOperations> {
  if (!opened || opened.url !== request.url) {
    const operations = PostgresLibraryOperations.open({ url: request.url, poolSize: request.poolSize, quotas: request.quotas });
    opened = { url: request.url, operations };
    // a failed open (database unreachable) is retried by the next call
    operations.catch(() => {
      if (opened?.operations === operations) opened = null;
    });
  }
  return opened.operations;
}

async function answer(request: BridgeRequest): Promise<BridgeAnswer> {
  if ('warm' in request) return { value: null };
  if ('close' in request) {
    const closing = opened;
    opened = null;
    if (closing) await (await closing.operations.catch(() => null))?.close();
    return { value: null };
  }
  try {
    const operations = await operationsFor(request);
    const method = operations[request.method] as (...args: unknown[]) => Promise<unknown>;
    return { value: await method.apply(operations, request.args) };
  } catch (error) {
    const unavailable = asUnavailable(error);
    const failed = (unavailable ?? error) as Error & Record<string, unknown>;
    return { error: { name: failed.name, message: failed.message, fields: { ...failed } } };
  }
}

runAsWorker(answer);
