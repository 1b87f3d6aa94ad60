// What each reference table in use is: the shipped table (name, version, licence) or the operator pack
// that replaces or completes it (kind, version, label, rows, when imported). One description for
// /v1/health and `cpes version`, rebuilt only when the installed packs change, never per request. It holds
// no path or file name, so it may be shown to callers without a key.
import { installedPacks, packGeneration } from '../packs/active.js';
import { packSummary } from '../packs/types.js';
import { shippedTables } from './data-versions.js';
import { registry } from './index.js';

export interface TableStatus {
  name: string;
  /** the shipped table's version, or null for a table that exists only as a pack */
  version: string | null;
  licence: string | null;
  /** "shipped": the table cpes ships answers; "pack": an installed operator pack replaces or completes it */
  in_use: 'shipped' | 'pack';
  pack: ReturnType<typeof packSummary> | null;
}

let cached: { generation: number; status: { tables: TableStatus[]; error: string | null } } | null = null;

function describe(): { tables: TableStatus[]; error: string | null } {
  const { packs, error } = installedPacks();
  const byTable = new Map(registry.packKinds.filter((k) => k.table).map((k) => [k.table!, k.kind]));
  const installed = new Map(packs.map((p) => [p.kind, p]));
  const tables: TableStatus[] = shippedTables().map((t) => {
    const kind = byTable.get(t.name);
    const pack = kind ? installed.get(kind) : undefined;
    return { name: t.name, version: t.version, licence: t.licence, in_use: pack ? 'pack' : 'shipped', pack: pack ? packSummary(pack) : null };
  });
  // packs that complete no shipped table (the SNOMED CT map) are tables of their own
  for (const pack of packs) {
    if (!registry.packKind(pack.kind)?.table) tables.push({ name: pack.kind, version: null, licence: null, in_use: 'pack', pack: packSummary(pack) });
  }
  return { tables: tables.sort((a, b) => (a.name < b.name ? -1 : 1)), error };
}

/** Every table with what answers for it now; recomputed only after the pack index changed. */
export function tableStatus(): { tables: TableStatus[]; error: string | null } {
  const generation = packGeneration();
  if (cached?.generation !== generation) cached = { generation, status: describe() };
  return cached.status;
}
