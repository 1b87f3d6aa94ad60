// Opens what the stateful library modules need for `cpes serve`: the store for /call (pool workers open
// their own, see store/sqlite/library.ts and store/postgres/library.ts) and the price list, checked before
// the first request so a broken replacement file stops the start instead of failing calls.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { installLibraryStore } from '../engine/library-store.js';
import { installPriceList } from '../runtime/modules/finance/price-list.js';
import { openLibraryStore, storeLocation } from '../store/index.js';
import { quotasFromEnv } from '../store/quotas.js';

export function openLibrary(options: { dataDir: string; dev: boolean; priceList?: string; store?: string }): { dataDir: string; close: () => void } {
  const temporary = options.dev && options.dataDir === '';
  const dataDir = temporary ? mkdtempSync(join(tmpdir(), 'cpes-dev-')) : resolve(options.dataDir);
  // development records are throwaway: the directory goes when the server closes, or the process exits
  const removeTemporary = (): void => {
    if (temporary) rmSync(dataDir, { recursive: true, force: true });
  };
  if (temporary) process.once('exit', removeTemporary);
  if (options.priceList) {
    const path = resolve(options.priceList);
    installPriceList(path);
    process.env.CPES_PRICE_LIST = path; // pool workers inherit the environment
  }
  const store = openLibraryStore(storeLocation(options.store, dataDir), quotasFromEnv(process.env));
  installLibraryStore(store);
  return {
    dataDir,
    close: () => {
      installLibraryStore(null);
      store.close();
      process.off('exit', removeTemporary);
      removeTemporary();
    },
  };
}
