// MS-DRG family selection from a principal diagnosis and CC/MCC secondaries (modules.md §9.2 drg_lookup).
// Not a certified grouper: CC exclusions and title conditions are not applied (grouper_note says so).
import type { JsonObject } from '../types.js';
import { drgs, findCode, type Drg } from './codes.js';

export const GROUPER_NOTE =
  'Family chosen from the principal diagnosis and severity from secondary CC/MCC codes. Not MS-DRG certified grouping: ' +
  'CC exclusions, procedures and title conditions that are not secondary codes (175 acute cor pulmonale, I26.0-; 065 tPA within 24 h; ' +
  '280-282 discharged alive; MCCs such as cardiac arrest that count only for live discharges) are not applied.';

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

export function drgLookup(codes: string[]): JsonObject {
  const [principal, ...secondary] = codes as [string, ...string[]];
  const levels = secondary.map((c) => findCode(c)?.cc_level ?? null);
  const severity: Severity = levels.includes('MCC') ? 'MCC' : levels.includes('CC') ? 'CC' : 'none';
  const matched = [...families.values()].filter((members) => members.some((m) => m.principal_codes.includes(principal)));
  const matches = matched.map((members) => ({
    family: members[0]!.family,
    requires_procedure: members[0]!.requires_procedure,
    levels: members.map((m) => ({ drg: m.drg, name: m.name, severity: m.severity, weight: m.weight })),
  }));
  const medical = matched.find((members) => !members[0]!.requires_procedure);
  const chosen = medical ? memberFor(medical, severity) : undefined;
  return {
    type: 'ICD_DRG',
    input_codes: codes,
    principal,
    found: matched.length > 0,
    severity,
    matches,
    primary_drg: chosen ? { drg: chosen.drg, name: chosen.name, weight: chosen.weight, mdc: chosen.mdc, severity: chosen.severity } : null,
    grouper_note: GROUPER_NOTE,
  };
}
