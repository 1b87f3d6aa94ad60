// check_contraindications (issue 24 item 2): the patient's conditions against every condition of the
// drug's label Contraindications section, in the controlled vocabulary of data/conditions.json. A drug
// whose list nobody verified, or whose section was only partly seen, answers `contraindicated: null` with
// what was not checked, never `false`: a partial list can show a contraindication, never its absence.
import conditionTable from './data/conditions.json' with { type: 'json' };
import recordTable from './data/contraindications.json' with { type: 'json' };
import { deepFreeze } from '../../../util/freeze.js';
import { normalizeName } from '../../../util/names.js';
import type { CallContext, JsonObject } from '../types.js';
import { drugs, tableOf, type Drug } from './table.js';

export interface ConditionEntry {
  synonyms: string[];
  /** the tokens this condition is a case of */
  broader?: string[];
  /** for an allergy to a drug class: the table classes (a row's `class`) whose drugs it is a hypersensitivity to */
  drug_classes?: string[];
  source?: string;
}

/** Where a drug's conditions were read: one label's section, on one day. */
export interface LabelReading {
  label: string;
  set_id: string | null;
  version: string | null;
  section: string;
  /** the public copy of the label text that was read */
  copy: string;
  date: string;
}

/** A co-medication a label contraindicates (SEVERE) or says to avoid (MAJOR): a table drug, a class, or a drug not yet in the table. */
export interface NamedCoMedication {
  drug: string;
  section: string;
}

export type ContraindicationRecord =
  | {
      read: LabelReading;
      conditions: string[];
      /** why the section was only partly seen: its conditions count, but their absence proves nothing */
      partial?: string;
      contraindicated_with?: NamedCoMedication[];
      avoid_with?: NamedCoMedication[];
      note?: string;
    }
  | { unread: string };

export const conditionVocabulary = deepFreeze(conditionTable as unknown as { name: string; version: string; source: string; conditions: Record<string, ConditionEntry> });
export const contraindicationRecords = deepFreeze(recordTable as unknown as { name: string; version: string; source: string; drugs: Record<string, ContraindicationRecord> });

/** Every spelling (token or synonym, normalized) → its token. */
const tokenOf = new Map<string, string>();
for (const [token, entry] of Object.entries(conditionVocabulary.conditions)) {
  for (const spelling of [token, ...entry.synonyms]) tokenOf.set(normalizeName(spelling), token);
}

/** A token and every broader token it implies. */
function closureOf(token: string): Set<string> {
  const all = new Set([token]);
  for (const t of all) for (const b of conditionVocabulary.conditions[t]?.broader ?? []) all.add(b);
  return all;
}

/**
 * A vocabulary token and every broader token it implies. An allergy to the drug's own class (a penicillin allergy,
 * for amoxicillin) is also a hypersensitivity to the drug.
 */
function tokensOf(token: string, drugClass: string): Set<string> {
  const all = closureOf(token);
  if ([...all].some((t) => conditionVocabulary.conditions[t]?.drug_classes?.includes(drugClass))) all.add('hypersensitivity_to_drug');
  return all;
}

/** The label's tokens that are narrower cases of the given token: the label may apply, or may not. */
function narrowerListed(token: string, onLabel: ReadonlySet<string>): string[] {
  return [...onLabel].filter((l) => l !== token && closureOf(l).has(token));
}

/** The shipped table's verified reading of a drug, or undefined. */
export function recordOf(name: string): ContraindicationRecord | undefined {
  return contraindicationRecords.drugs[name];
}

/** The drug's label list, where it comes from and whether it is the whole section; null when nothing was read. */
function labelList(ctx: CallContext, drug: Drug): { conditions: readonly string[]; source: string; complete: boolean } | null {
  if (tableOf(ctx, drug).source === drugs.name) {
    const record = recordOf(drug.name);
    if (!record || 'unread' in record) return null;
    const r = record.read;
    const source = `${r.label}, ${r.section}${r.set_id ? ` (set id ${r.set_id}${r.version ? ` version ${r.version}` : ''})` : ''}, read ${r.date}`;
    return { conditions: record.conditions, source: record.partial ? `${source}; partly read: ${record.partial}` : source, complete: !record.partial };
  }
  // a site formulary row or a drug registered in the run: complete only where it says what it was read from
  return drug.contraindications_source ? { conditions: drug.contraindications, source: drug.contraindications_source, complete: true } : null;
}

export function checkContraindications(ctx: CallContext, drug: Drug, conditions: readonly string[]): JsonObject {
  const label = labelList(ctx, drug);
  const onLabel = new Set([...drug.contraindications, ...(label?.conditions ?? [])]);
  const listed = new Set([...onLabel].map(normalizeName));
  const reasons: string[] = [];
  const unknown: string[] = [];
  const unchecked: string[] = [];
  const narrower: { condition: string; label_condition: string }[] = [];
  for (const condition of conditions) {
    const key = normalizeName(condition);
    const token = tokenOf.get(key);
    // a row's own tokens count as vocabulary, so a registered drug's conditions can be matched
    if (token === undefined && !listed.has(key)) {
      unknown.push(condition);
      unchecked.push(condition);
      continue;
    }
    const tokens = token === undefined ? [condition] : [...tokensOf(token, drug.class)];
    if (tokens.some((t) => listed.has(normalizeName(t)))) {
      reasons.push(condition);
      continue;
    }
    // "pregnancy" against a label that names pregnancy with a non-neoplastic disease: whether it applies is not known
    const cases = token === undefined ? [] : narrowerListed(token, onLabel);
    for (const c of cases) narrower.push({ condition, label_condition: c });
    if (cases.length > 0 || !label?.complete) unchecked.push(condition);
  }
  return {
    type: 'PK_CONTRAINDICATION',
    drug: drug.name,
    found: true,
    contraindicated: reasons.length > 0 ? true : unchecked.length > 0 ? null : false,
    reasons,
    unknown_conditions: unknown,
    not_checked: unchecked,
    narrower_on_label: narrower,
    checked_against: label?.source ?? null,
  };
}
