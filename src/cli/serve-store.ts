// Opens the key store for `cpes serve` and prints the first start's admin key exactly once.
import { createAccessControl } from '../http/access.js';
import type { AccessControl } from '../http/access-types.js';
import { Store } from '../store/index.js';

export function openStoreAccess(dataDir: string, log: (line: string) => void): { access: AccessControl; close: () => void } {
  const store = Store.open(dataDir);
  const initial = store.ensureInitialKey();
  if (initial) {
    process.stdout.write(
      `\nFirst start: created an enterprise API key for owner 'admin'. It is shown only now; keep it safe:\n\n  ${initial}\n\n` +
        `Send it as the X-API-Key header. Create more keys with: cpes keys create --owner ORG --tier sandbox|starter|professional|enterprise --data-dir ${dataDir}\n\n`,
    );
  }
  log(JSON.stringify({ level: 'info', message: 'key store opened', data_dir: dataDir }));
  return { access: createAccessControl(store), close: () => store.close() };
}
