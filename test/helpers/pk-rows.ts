// The pk drug rows exactly as written in src/runtime/modules/pk/data/drugs/<group>.json (before the
// loader fills defaults), in the loader's order, for tests that check what the files themselves say.
import { readAssetDirectory } from '../../src/util/assets.js';

export const rawDrugRows: any[] = Object.values(readAssetDirectory('pkDrugRows')).flatMap((text) => JSON.parse(text).drugs);
