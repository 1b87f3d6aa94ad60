// Opens the key store for `cpes serve` and prints the first start's admin key exactly once.
import { createAccessControl } from '../http/access.js';
import type { AccessControl } from '../http/access-types.js';
import { timedStore, type ServiceMetrics } from '../http/metrics.js';
import { describeLocation, openKeyStore, type StoreLocation } from '../store/index.js';

export async function openStoreAccess(
  location: StoreLocation,
  log: (line: string) => void,
  options: { now?: () => Date; metrics?: ServiceMetrics } = {},
): Promise<{ access: AccessControl; close: () => Promise<void> }> {
  const opened = await openKeyStore(location, { now: options.now });
  const store = options.metrics ? timedStore(opened, options.metrics) : opened;
  const initial = await store.ensureInitialKey();
  if (initial) {
    const where = location.kind === 'sqlite' ? `--data-dir ${location.dataDir}` : '--store <the same URL>';
    process.stdout.write(
      `\nFirst start: created an enterprise API key for owner 'admin'. It is shown only now; keep it safe:\n\n  ${initial}\n\n` +
        `Send it as the X-API-Key header. Create more keys with: cpes keys create --owner ORG --tier sandbox|starter|professional|enterprise ${where}\n\n`,
    );
  }
  log(JSON.stringify({ level: 'info', message: 'key store opened', store: describeLocation(location) }));
  const metrics = options.metrics;
  const access = createAccessControl(store, metrics ? { admissionSeconds: (s) => metrics.admitted(s), refused: (limit) => metrics.refused(limit) } : {});
  return { access, close: () => opened.close() };
}
