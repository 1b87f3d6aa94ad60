// The pk tables (modules.md §4.1, §4.5) and the per-run view of them: drugs registered in this run
// come first, then the table; the run's administered-drug list lives here too (§1.7).
import drugTable from './data/drugs.json' with { type: 'json' };
import interactionTable from './data/interactions.json' with { type: 'json' };
import tdmTable from './data/tdm.json' with { type: 'json' };
import namesTable from './data/names.json' with { type: 'json' };
import abbreviationTable from './data/abbreviations.json' with { type: 'json' };
import { readAssetDirectory } from '../../../util/assets.js';
import { deepFreeze } from '../../../util/freeze.js';
import { normalizeName } from '../../../util/names.js';
import { activePack, derived } from '../../packs/active.js';
import { PackError, type LoadedPack } from '../../packs/types.js';
import { DrugNameIndex, drugKey } from './names.js';
import { ArgumentError, type CallContext, type JsonObject } from '../types.js';

import { type Route } from '../types.js';
export { ROUTES, type Route } from '../types.js';

/** A weight-based limit with an absolute cap: the lower of the two applies (modules.md §4.7.3). */
export interface ScaledLimit {
  value: number;
  unit: string;
  cap?: { value: number; unit: string };
}

/**
 * A limit field (§4.7.1): a number in the block's unit, a limit with its own unit (and cap), `null` when
 * nobody has verified one (the check is UNCHECKED) or `"none"` when the label defines no such limit.
 */
export type LimitValue = number | ScaledLimit | null | 'none';

/** A daily or weekly limit: `{value, unit}` per day/week, null (unknown) or "none" (not applicable). */
export type PeriodLimit = { value: number; unit: string; source?: string } | null | 'none';

/**
 * A usual range stated in its own unit (issue 22): per kg where the label doses by weight, per day for a
 * label that gives only a daily total, or for one indication.
 */
export interface UsualRange {
  low: number | null;
  high: number | null;
  unit: string;
  source: string;
}

/** A loading dose the label or a guideline defines, checked as a load when it is the run's first dose of the drug. */
export interface LoadingDose {
  route: Route;
  usual_low: number | null;
  usual_high: number | null;
  max_single: LimitValue;
  unit: string;
  source: string;
}

/**
 * A label criterion on the patient (issue 22): when at least `at_least` of `criteria` hold, the lower limits
 * apply (apixaban 2.5 mg with two of age ≥ 80, weight ≤ 60 kg, creatinine ≥ 1.5 mg/dL).
 */
export interface PatientLimit {
  name: string;
  /** the indication it belongs to; it applies when that indication or none is named */
  indication?: string;
  at_least: number;
  criteria: { value: 'age' | 'weight' | 'height' | 'creatinine' | 'crcl' | 'egfr'; op: '>=' | '<=' | '>' | '<'; threshold: number }[];
  max_single?: { value: number; unit: string };
  max_daily?: { value: number; unit: string };
  source: string;
}

export interface BolusDosing {
  usual: number | null;
  usual_low: number | null;
  usual_high: number | null;
  max_single: LimitValue;
  unit: string;
  source?: string;
  /** the label's per-kg range, used instead of the fixed one when the weight is known */
  usual_by_weight?: UsualRange;
  /** the label's per-m² range (chemotherapy), used first when the height and weight give the body surface */
  usual_by_bsa?: UsualRange;
}

export interface InfusionDosing {
  usual: number | null;
  usual_low: number | null;
  usual_high: number | null;
  max_rate: LimitValue;
  unit: string;
  source?: string;
  usual_by_weight?: UsualRange;
  usual_by_bsa?: UsualRange;
}

/** A limit that applies to one indication only (alteplase in stroke vs pulmonary embolism). */
export interface IndicationLimits {
  name: string;
  route?: Route;
  max_single?: LimitValue;
  max_rate?: LimitValue;
  max_daily?: PeriodLimit;
  max_weekly?: PeriodLimit;
  /** the indication's own usual range (fentanyl in anaesthesia), replacing the route's when the indication is named */
  usual?: UsualRange;
  source: string;
}

export interface RenalBand {
  min: number;
  /** true when the band starts just above `min` (a label's "> 50"); the band below then includes `min` */
  min_exclusive?: boolean;
  max: number | null;
  measure: 'eGFR' | 'CrCl';
  factor?: number;
  interval_h?: number;
  avoid?: boolean;
  text: string;
  source: string;
}

export interface HepaticClass {
  factor?: number;
  avoid?: boolean;
  text: string;
  source: string;
}

export interface Drug {
  name: string;
  /** RxNorm ingredient concept id, null where it was not verified */
  rxcui: string | null;
  aliases: string[];
  class: string;
  interaction_classes: string[];
  routes: Route[];
  default_route: Route;
  dosing: Partial<Record<Route, { bolus?: BolusDosing; infusion?: InfusionDosing }>>;
  max_daily: PeriodLimit;
  /** why max_daily is "none" */
  max_daily_source?: string;
  max_weekly: PeriodLimit;
  max_weekly_source?: string;
  /** the label's usual total per day (insulin: 0.5-1 units/kg/day), for a drug whose single doses have no fixed range */
  usual_daily?: UsualRange;
  loading?: LoadingDose;
  patient_limits?: PatientLimit[];
  indications: IndicationLimits[];
  valence: number | null;
  meq_per_g: number | null;
  mmol_per_g: number | null;
  bioavailability: Partial<Record<Route, number>>;
  half_life_min: number | null;
  vd_l_per_kg: number | null;
  ka_per_h: number | null;
  onset_min: number | null;
  peak_min: number | null;
  duration_min: number | null;
  /** null: no adjustment; 'see_label': the table holds no verified renal dosing */
  renal: RenalBand[] | null | 'see_label';
  hepatic: { A: HepaticClass; B: HepaticClass; C: HepaticClass } | null | 'see_label';
  contraindications: string[];
  /** a site or registered row: where its contraindications were read, which makes the list complete */
  contraindications_source?: string;
  cyp: { enzyme: string; role: 'substrate' | 'inhibitor' | 'inducer'; strength: 'strong' | 'moderate' | 'weak' }[];
  prodrug_of: string | null;
  source: string;
}

export type Severity = 'MONITOR' | 'MODERATE' | 'MAJOR' | 'SEVERE' | 'EXPECTED';

export interface InteractionRule {
  a: string;
  b: string;
  /** the third side of a rule over three drugs (NSAID + ACE inhibitor or ARB + diuretic) */
  c?: string;
  severity: Severity;
  mechanism: string;
  management: string;
  source: string;
}

export interface TdmEntry {
  drug: string;
  category: string;
  targets: { measure: string; low: number | null; high: number | null; unit: string; timing: string; indication: string }[];
  trough: [number, number] | null;
  peak: [number, number] | null;
  unit: string;
  note: string;
  source: string;
}

interface DrugTableFile {
  name: string;
  version: string;
  source: string;
}

/** One therapeutic group's rows (pk/data/drugs/<group>.json), so that groups can be curated apart. */
interface DrugGroupFile {
  group: string;
  drugs: Drug[];
}

interface InteractionFile {
  name: string;
  version: string;
  source: string;
  classes: Record<string, { members: string[]; source: string }>;
  rules: InteractionRule[];
}

/** Defaults for the optional fields, so every row (table or registered) has every field. */
export const DRUG_DEFAULTS = {
  rxcui: null,
  aliases: [],
  interaction_classes: [],
  max_daily: null,
  max_weekly: null,
  indications: [],
  valence: null,
  meq_per_g: null,
  mmol_per_g: null,
  bioavailability: {},
  half_life_min: null,
  vd_l_per_kg: null,
  ka_per_h: null,
  onset_min: null,
  peak_min: null,
  duration_min: null,
  renal: null,
  hepatic: null,
  contraindications: [],
  cyp: [],
  prodrug_of: null,
};

const shippedRows = Object.values(readAssetDirectory('pkDrugRows')).flatMap((text) => (JSON.parse(text) as DrugGroupFile).drugs);
export const drugs = deepFreeze({ ...(drugTable as unknown as DrugTableFile), drugs: shippedRows.map((row) => ({ ...DRUG_DEFAULTS, ...row }) as Drug) });
export const interactions = deepFreeze(interactionTable as unknown as InteractionFile);
export const tdm = deepFreeze(tdmTable as unknown as { name: string; version: string; source: string; drugs: TdmEntry[] });

export const namesOf = (d: Drug): string[] => [d.name, ...d.aliases];

/** What RxNorm adds to a shipped drug's names (data/names.json, scripts/data/rxnorm-names.ts). */
export interface RxNormNames {
  rxnorm_name: string;
  synonym?: string;
  brands: string[];
}
const rxnormNames = (namesTable as unknown as { drugs: Record<string, RxNormNames> }).drugs;
export const rxnormNamesOf = (name: string): RxNormNames | undefined => rxnormNames[name];

/** A shipped drug answers to its name, its aliases, its RxNorm ingredient name and its US brand names. */
export function shippedNamesOf(d: Drug): string[] {
  const rx = rxnormNames[d.name];
  return [...namesOf(d), ...(rx?.synonym ? [rx.synonym] : []), ...(rx?.brands ?? [])];
}
const tableIndex = new DrugNameIndex(drugs.drugs, shippedNamesOf);

export interface Abbreviation {
  abbreviation: string;
  expansion: string;
  source: string;
}
export const abbreviations = deepFreeze(abbreviationTable as unknown as { name: string; version: string; source: string; abbreviations: Abbreviation[] });
const expansions = new Map(abbreviations.abbreviations.map((a) => [drugKey(a.abbreviation), a.expansion]));

/** The operator's `formulary` pack kind (pk/formulary-pack.ts): drug rows and rules of the site. */
export const FORMULARY_PACK = 'formulary';
export type FormularyEntry = { type: 'drug'; drug: Drug } | { type: 'rule'; rule: InteractionRule };

/** The table this installation answers from: the shipped rows, with a formulary pack's rows over them. */
interface TableView {
  index: DrugNameIndex<Drug>;
  drugs: readonly Drug[];
  rules: readonly InteractionRule[];
  /** the rows that came from the pack, and how results name it */
  fromPack: ReadonlySet<Drug>;
  packSource: { source: string; version: string } | null;
}

const SHIPPED: TableView = { index: tableIndex, drugs: drugs.drugs, rules: interactions.rules, fromPack: new Set(), packSource: null };

function siteView(): TableView {
  let pack: LoadedPack<FormularyEntry> | null;
  try {
    pack = activePack<FormularyEntry>(FORMULARY_PACK);
  } catch (error) {
    if (!(error instanceof PackError)) throw error;
    // A site formulary that is installed but unreadable must not silently fall back to shipped limits.
    throw new ArgumentError(`pk: the installed formulary pack cannot be used (${error.message}); see cpes data list`);
  }
  if (!pack) return SHIPPED;
  const meta = pack.meta;
  return derived(pack, (entries) => {
    const siteDrugs = entries.flatMap((e) => (e.type === 'drug' ? [deepFreeze({ ...DRUG_DEFAULTS, ...e.drug } as Drug)] : []));
    const replaced = new Set(siteDrugs.flatMap((d) => namesOf(d).map((n) => tableIndex.get(n)).filter((x): x is Drug => x !== undefined)));
    const rows = [...drugs.drugs.map((d) => (replaced.has(d) ? null : d)).filter((d): d is Drug => d !== null), ...siteDrugs];
    const index = new DrugNameIndex<Drug>([], namesOf);
    for (const d of siteDrugs) index.add(d, namesOf(d));
    // A replaced shipped drug keeps answering to its shipped names, now with the site's row.
    for (const old of replaced) {
      const site = siteDrugs.find((d) => namesOf(d).some((n) => tableIndex.get(n) === old))!;
      for (const name of shippedNamesOf(old)) if (!index.clash([name])) index.add(site, [name]);
    }
    for (const d of drugs.drugs) if (!replaced.has(d)) index.add(d, shippedNamesOf(d).filter((n) => !index.clash([n])));
    return {
      index,
      drugs: rows,
      rules: [...interactions.rules, ...entries.flatMap((e) => (e.type === 'rule' ? [e.rule] : []))],
      fromPack: new Set(siteDrugs),
      packSource: { source: `formulary pack: ${meta.label ?? meta.file_name}`, version: `pack v${meta.version} sha256:${meta.sha256.slice(0, 12)}` },
    };
  });
}

/** The interaction rules in force: the shipped ones and the site formulary's. */
export function interactionRules(): readonly InteractionRule[] {
  return siteView().rules;
}

/** Is `name` a drug of the shipped table (for pack validation)? */
export function isShippedDrug(name: string): boolean {
  return tableIndex.get(name) !== undefined;
}
const tdmIndex = new Map(tdm.drugs.map((t) => [normalizeName(t.drug), t]));

/** Class name (normalized) → canonical names of its member drugs, from the class table and each row. */
const classMembers = new Map<string, Set<string>>();
for (const [name, cls] of Object.entries(interactions.classes)) {
  classMembers.set(normalizeName(name), new Set(cls.members.map((m) => tableIndex.get(m)?.name ?? m)));
}
for (const d of drugs.drugs) {
  for (const cls of d.interaction_classes) {
    const key = normalizeName(cls);
    if (!classMembers.has(key)) classMembers.set(key, new Set());
    classMembers.get(key)!.add(d.name);
  }
}

/** Is `drug` the rule side `side`: its canonical name, or a class it belongs to? */
export function matchesSide(drug: Drug, side: string): boolean {
  const key = normalizeName(side);
  if (key === normalizeName(drug.name)) return true;
  if (drug.interaction_classes.some((c) => normalizeName(c) === key)) return true;
  return classMembers.get(key)?.has(drug.name) ?? false;
}


export function tdmOf(drug: Drug): TdmEntry | undefined {
  return tdmIndex.get(normalizeName(drug.name));
}

/** One administered dose, as later interaction and cumulative checks need it. */
export interface AdministeredDose {
  /** canonical name, or the name as written for an unknown drug */
  drug: string;
  known: boolean;
  kind: 'SINGLE' | 'RATE' | 'DAILY' | 'WEEKLY' | null;
  /** absolute single dose in canonical units (mg, mL, units, mEq, mmol), null when not a single dose */
  amount: { dimension: string; value: number } | null;
  /** a loading dose: later doses' daily totals leave it out (a load plus the first maintenance dose is no error) */
  loading?: boolean;
  /** when it was given, by the run's clock (ms since the epoch) */
  at: number;
}

interface PkRunState {
  registered: Drug[];
  index: DrugNameIndex<Drug>;
  administered: AdministeredDose[];
}

function runState(ctx: CallContext): PkRunState {
  return ctx.state.slot<PkRunState>('pk', () => ({ registered: [], index: new DrugNameIndex<Drug>([], namesOf), administered: [] }));
}

/**
 * §22.1 step 1: run-registered drugs first, then the site formulary, then the shipped table; a name none
 * of them knows is tried once more as an abbreviation (KCl → potassium chloride).
 */
export function findDrug(ctx: CallContext, name: string): Drug | undefined {
  const lookup = (n: string) => runState(ctx).index.get(n) ?? siteView().index.get(n);
  const expansion = expansions.get(drugKey(name));
  return lookup(name) ?? (expansion === undefined ? undefined : lookup(expansion));
}

export function suggestDrugs(ctx: CallContext, name: string): string[] {
  return siteView().index.suggest(name, runState(ctx).registered.flatMap(namesOf));
}

/** Which table a drug row came from and its version, for results (`source`, `table_version`). */
export function tableOf(ctx: CallContext, drug: Drug): { source: string; version: string | null } {
  if (runState(ctx).registered.includes(drug)) return { source: 'registered in this run', version: null };
  const view = siteView();
  return view.fromPack.has(drug) && view.packSource ? view.packSource : { source: drugs.name, version: drugs.version };
}

export function isTableDrug(name: string): boolean {
  return siteView().index.get(name) !== undefined;
}

export function allDrugs(ctx: CallContext): Drug[] {
  return [...siteView().drugs, ...runState(ctx).registered];
}

export function registerDrug(ctx: CallContext, drug: Drug): string | null {
  const state = runState(ctx);
  const clash = state.index.clash(namesOf(drug)) ?? siteView().index.clash(namesOf(drug));
  if (clash) return clash.name;
  state.index.add(drug, namesOf(drug));
  state.registered.push(drug);
  return null;
}

/** Removes a drug registered in this run; false when it is not one. */
export function unregisterDrug(ctx: CallContext, name: string): boolean {
  const state = runState(ctx);
  const drug = state.index.get(name);
  if (!drug) return false;
  state.registered = state.registered.filter((d) => d !== drug);
  state.index = new DrugNameIndex(state.registered, namesOf);
  return true;
}

export function administered(ctx: CallContext): AdministeredDose[] {
  return runState(ctx).administered;
}

/** Every table field of a drug, for get_profile and register_drug results. */
export function profile(drug: Drug): JsonObject {
  return structuredClone(drug) as unknown as JsonObject;
}
