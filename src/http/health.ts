// The body of GET /v1/health. What changes rarely (the module count, the tables and the installed
// packs) is serialised once per change of the pack index, not per request: a request costs one stat
// of the index and two string joins, so load balancers may poll it as often as they like.
import { API_VERSION, ENGINE_VERSION } from '../engine/version.js';
import { registry } from '../runtime/modules/index.js';
import { installedPacks, packGeneration } from '../runtime/packs/active.js';
import { tableStatus } from '../runtime/modules/table-status.js';

interface HealthData {
  generation: number;
  /** the pack index could not be read: the service is degraded */
  error: string | null;
  /** the JSON text after `"status":…,` up to the closing brace: for keyed callers, and for anyone */
  detailed: string;
  plain: string;
}

let cached: HealthData | null = null;

function describe(generation: number): HealthData {
  const packs = installedPacks();
  const status = tableStatus();
  // without a key: kinds, versions and counts only; file names, checksums and the index's error for keyed callers
  const text = (detailed: boolean): string => {
    const data = {
      tables: status.tables,
      packs: packs.packs.map(({ kind, version, label, file_name, sha256, rows, imported_at }) =>
        detailed ? { kind, version, label, file_name, sha256, rows, imported_at } : { kind, version, label, rows, imported_at },
      ),
      ...(packs.error ? { error: detailed ? packs.error : 'the data pack index cannot be read; the operator can see why with cpes data list' } : {}),
    };
    return JSON.stringify({ version: API_VERSION, engine_version: ENGINE_VERSION, modules: registry.moduleNames.length, data }).slice(1);
  };
  return { generation, error: packs.error, detailed: text(true), plain: text(false) };
}

/** The index's state now: its error (null when readable) and a function giving the body for a status. */
export function healthData(): { error: string | null; body: (healthy: boolean, detailed: boolean) => string } {
  const generation = packGeneration();
  if (cached?.generation !== generation) cached = describe(generation);
  const { error, detailed, plain } = cached;
  return { error, body: (healthy, keyed) => `{"status":"${healthy ? 'healthy' : 'degraded'}",${keyed ? detailed : plain}` };
}
