// better-sqlite3's native addon for the single executable. A process can load a native addon only from a
// file, so the embedded copy is written to the private cache (util/asset-cache.ts) and loaded from there.
// From a checkout better-sqlite3 finds its own build and this returns nothing.
import { inSingleExecutable } from '../util/assets.js';
import { cachedAssetFile } from '../util/asset-cache.js';

export { addonCacheDirectory } from '../util/asset-cache.js';

let loadedAddon: object | undefined;

/** The `nativeBinding` option for better-sqlite3: the verified addon object inside the executable, else undefined. */
export function sqliteNativeBinding(dataDir: string): object | undefined {
  if (!inSingleExecutable()) return undefined;
  if (loadedAddon) return loadedAddon;
  const path = cachedAssetFile('sqliteAddon', dataDir, (digest) => `better_sqlite3-${digest}.node`);
  const module = { exports: {} as object };
  try {
    process.dlopen(module, path);
  } catch (error) {
    throw new Error(`cannot load the SQLite addon from ${path} (a filesystem mounted noexec?): ${(error as Error).message}`);
  }
  loadedAddon = module.exports;
  return loadedAddon;
}
