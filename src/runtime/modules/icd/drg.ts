// MS-DRG family selection from a principal diagnosis and CC/MCC secondaries (modules.md §9.2 drg_lookup).
// Not a certified grouper: CC exclusions and title conditions are not applied (grouper_note says so).
// Weights and mean stays come from an installed msdrg-weights pack (IPPS Table 5); the shipped table has none.
import { packReference } from '../../packs/types.js';
import type { JsonObject } from '../types.js';
import { drgs, type CodeSet, type Drg } from './codes.js';
import { installedWeights } from './drg-weights-pack.js';

export const GROUPER_NOTE =
  'Family chosen from the principal diagnosis and severity from secondary CC/MCC codes. Not MS-DRG certified grouping: ' +
  'CC exclusions, procedures and title conditions that are not secondary codes (175 acute cor pulmonale, I26.0-; 065 tPA within 24 h; ' +
  '280-282 discharged alive; MCCs such as cardiac arrest that count only for live discharges) are not applied.';
const NO_CC_LEVELS = 'the installed icd10cm pack was loaded without Appendix C, so the CC/MCC level of the secondary codes is unknown and no severity level is chosen';
const NO_WEIGHTS = 'no relative weights: the shipped MS-DRG table has none; load the IPPS final rule Table 5 with cpes data import msdrg-weights';

type Severity = 'MCC' | 'CC' | 'none';

const families = new Map<string, Drg[]>();
for (const d of drgs.drgs) {
  if (!families.has(d.family)) families.set(d.family, []);
  families.get(d.family)!.push(d);
}

/** The family member for a severity; a family without a CC level folds CC into "none" (§9.2). */
function memberFor(members: Drg[], severity: Severity): Drg | undefined {
  const exact = members.find((m) => m.severity === severity);
  if (exact) return exact;
  if (severity !== 'none') {
    const combined = members.find((m) => m.severity === 'CC/MCC');
    if (combined) return combined;
  }
  return members.find((m) => m.severity === 'none');
}

export function drgLookup(set: CodeSet, codes: string[], packs: JsonObject[]): JsonObject {
  const [principal, ...secondary] = codes as [string, ...string[]];
  const levels = secondary.map((c) => set.byCode.get(c)?.cc_level ?? null);
  const severityKnown = set.ccLevels || secondary.length === 0;
  const severity: Severity | null = !severityKnown ? null : levels.includes('MCC') ? 'MCC' : levels.includes('CC') ? 'CC' : 'none';
  const weights = installedWeights();
  const weighed = (d: Drg): JsonObject => {
    const row = weights?.byDrg.get(d.drg);
    return { weight: row?.weight ?? d.weight, geometric_mean_los: row?.gmlos ?? null, arithmetic_mean_los: row?.amlos ?? null };
  };
  const matched = [...families.values()].filter((members) => members.some((m) => m.principal_codes.includes(principal)));
  const matches = matched.map((members) => ({
    family: members[0]!.family,
    requires_procedure: members[0]!.requires_procedure,
    levels: members.map((m) => ({ drg: m.drg, name: m.name, severity: m.severity, ...weighed(m) })),
  }));
  const medical = matched.find((members) => !members[0]!.requires_procedure);
  const chosen = medical && severity !== null ? memberFor(medical, severity) : undefined;
  const notes = [GROUPER_NOTE, ...(severityKnown ? [] : [NO_CC_LEVELS]), ...(weights ? [] : [NO_WEIGHTS])];
  const used = [...packs, ...(weights ? [packReference(weights.pack.meta)] : [])];
  return {
    type: 'ICD_DRG',
    input_codes: codes,
    principal,
    found: matched.length > 0,
    severity,
    matches,
    primary_drg: chosen ? { drg: chosen.drg, name: chosen.name, mdc: chosen.mdc, severity: chosen.severity, ...weighed(chosen) } : null,
    grouper_note: notes.join(' '),
    ...(used.length ? { data_packs: used } : {}),
  };
}
