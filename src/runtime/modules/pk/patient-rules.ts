// The patient-aware checks of a dose (issue 22 rule 3): adult doses only, renal bands by CrCl or eGFR,
// hepatic classes, pregnancy and the label's own criteria (apixaban's two of three, carvedilol by weight).
// Each rule answers for itself; a rule that needs a value the patient lacks is UNCHECKED, never OK.
import { normalizeName } from '../../../util/names.js';
import { roundSignificant as significant } from '../../../util/round.js';
import { above } from '../util/threshold.js';
import type { CallContext, JsonObject } from '../types.js';
import { renalBand } from './adjust.js';
import { checkContraindications } from './contraindications.js';
import { creatinineClearance, estimatedGfr, type PatientFacts, type RenalValue } from './patient.js';
import type { Drug, PatientLimit } from './table.js';

export type RuleLevel = 'OK' | 'WARNING' | 'UNCHECKED' | 'ERROR';

export interface RuleResult {
  rule: string;
  level: RuleLevel;
  reason: string | null;
  source: string | null;
}

/** What the rules need to know about the dose, in the units they ask for. */
export interface DoseView {
  drug: Drug;
  /** the indication named, or null (then every indication's rules apply, as the lowest limit does) */
  indication: string | null;
  every: number | null;
  /** the dose in the usual range's unit, and that range's top */
  inRange: number | null;
  rangeHigh: number | null;
  rangeUnit: string | null;
  /** the single dose (or rate) in `unit`, null when it cannot be converted */
  doseIn(unit: string): number | null;
  /** the day's total (the regimen or the run's doses in 24 h, whichever is more) in a per-day `unit` */
  dayIn(unit: string): number | null;
}

export const RULE_RANK: Record<RuleLevel, number> = { OK: 0, WARNING: 1, UNCHECKED: 2, ERROR: 3 };

export function patientRules(ctx: CallContext, p: PatientFacts, dose: DoseView): { used: JsonObject; rules: RuleResult[] } {
  const used: JsonObject = {};
  const rules: RuleResult[] = [];
  if (p.age !== null && p.age < 18) {
    rules.push({ rule: 'adult doses', level: 'UNCHECKED', reason: `the table holds adult doses; the patient is ${String(p.age)} years old`, source: null });
  }
  const renal = renalRule(p, dose, used);
  if (renal) rules.push(renal);
  const hepatic = hepaticRule(p, dose);
  if (hepatic) rules.push(hepatic);
  if (p.pregnant === true) rules.push(pregnancyRule(ctx, dose.drug));
  for (const limit of dose.drug.patient_limits ?? []) {
    if (limit.indication && dose.indication !== null && normalizeName(limit.indication) !== normalizeName(dose.indication)) continue;
    rules.push(labelCriterion(limit, p, dose, used));
  }
  return { used, rules };
}

function renalRule(p: PatientFacts, dose: DoseView, used: JsonObject): RuleResult | null {
  const drug = dose.drug;
  if (drug.renal === null) return null;
  const measure = Array.isArray(drug.renal) ? drug.renal[0]!.measure : 'CrCl';
  const found = measure === 'CrCl' ? creatinineClearance(p) : estimatedGfr(p);
  const rule = `renal (${measure})`;
  if ('needs' in found) {
    // 'see_label' without a renal value: nothing in the table could be checked either way
    return Array.isArray(drug.renal) ? { rule, level: 'UNCHECKED', reason: `renal dosing of ${drug.name} needs ${found.needs.join(', ')}`, source: null } : null;
  }
  used[measure === 'CrCl' ? 'crcl_ml_min' : 'egfr'] = found.value;
  used[measure === 'CrCl' ? 'crcl_basis' : 'egfr_basis'] = found.basis;
  const shown = `${measure} ${String(found.value)} mL/min (${found.basis})`;
  if (!Array.isArray(drug.renal)) {
    // KDIGO: below 60 mL/min renal function is impaired, so dosing the table does not hold matters
    if (found.value >= 60) return null;
    return { rule, level: 'UNCHECKED', reason: `renal dosing of ${drug.name} at ${shown} is not in the table; follow the label`, source: null };
  }
  const band = renalBand(drug.renal, found.value);
  if (!band) return { rule, level: 'UNCHECKED', reason: `no renal band of ${drug.name} covers ${shown}`, source: null };
  return bandRule(rule, shown, band, dose);
}

function bandRule(rule: string, shown: string, band: { factor?: number; interval_h?: number; avoid?: boolean; text: string; source: string }, dose: DoseView): RuleResult {
  const said = `${shown}: ${band.text}`;
  if (band.avoid) return { rule, level: 'ERROR', reason: said, source: band.source };
  if (band.factor !== undefined) {
    if (dose.inRange === null || dose.rangeHigh === null) return { rule, level: 'UNCHECKED', reason: `${said}; the dose cannot be compared without a usual range`, source: band.source };
    const allowed = dose.rangeHigh * band.factor;
    if (above(dose.inRange, allowed)) return { rule, level: 'WARNING', reason: `${said} (at most ${String(significant(allowed, 6))} ${dose.rangeUnit})`, source: band.source };
  }
  if (band.interval_h !== undefined) {
    if (dose.every === null) return { rule, level: 'UNCHECKED', reason: `${said}; needs the interval between doses (every)`, source: band.source };
    if (dose.every < band.interval_h) return { rule, level: 'WARNING', reason: `${said} (every ${String(dose.every)} h is more often than every ${String(band.interval_h)} h)`, source: band.source };
  }
  return { rule, level: 'OK', reason: said, source: band.source };
}

function hepaticRule(p: PatientFacts, dose: DoseView): RuleResult | null {
  const hepatic = dose.drug.hepatic;
  const rule = 'hepatic (Child-Pugh)';
  if (hepatic === null) return null;
  if (hepatic === 'see_label') {
    if (p.childPugh === 'B' || p.childPugh === 'C') return { rule, level: 'UNCHECKED', reason: `hepatic dosing of ${dose.drug.name} in Child-Pugh ${p.childPugh} is not in the table; follow the label`, source: null };
    return null;
  }
  // Child-Pugh is rarely known: like pregnancy, the class is checked when the patient states it
  if (p.childPugh === null) return null;
  const entry = hepatic[p.childPugh];
  return bandRule(rule, `Child-Pugh ${p.childPugh}`, entry, dose);
}

function pregnancyRule(ctx: CallContext, drug: Drug): RuleResult {
  const rule = 'pregnancy';
  const answer = checkContraindications(ctx, drug, ['pregnancy']);
  if (answer.contraindicated === true) return { rule, level: 'ERROR', reason: `${drug.name} is contraindicated in pregnancy (label)`, source: null };
  if (answer.contraindicated === null) {
    const cases = (answer.narrower_on_label as { label_condition: string }[]).map((n) => n.label_condition);
    const reason = cases.length
      ? `the label of ${drug.name} contraindicates ${cases.join(', ')}, a narrower case of pregnancy: check whether it applies`
      : `the label's contraindications of ${drug.name} were not read in full (unread or partly read), so pregnancy was not checked`;
    return { rule, level: 'UNCHECKED', reason, source: null };
  }
  return { rule, level: 'OK', reason: null, source: null };
}

/** A label criterion: when at least `at_least` of its conditions hold, its lower limits apply. */
function labelCriterion(limit: PatientLimit, p: PatientFacts, dose: DoseView, used: JsonObject): RuleResult {
  const rule = limit.name;
  let met = 0;
  const unknown: string[] = [];
  const metText: string[] = [];
  for (const c of limit.criteria) {
    const value = criterionValue(c.value, p, used);
    if (value === null) {
      unknown.push(c.value);
      continue;
    }
    const holds = c.op === '>=' ? value >= c.threshold : c.op === '<=' ? value <= c.threshold : c.op === '>' ? value > c.threshold : value < c.threshold;
    if (holds) {
      met++;
      metText.push(`${c.value} ${String(value)} ${c.op} ${String(c.threshold)}`);
    }
  }
  if (met < limit.at_least) {
    if (met + unknown.length >= limit.at_least) return { rule, level: 'UNCHECKED', reason: `${limit.name} needs ${unknown.join(', ')}`, source: limit.source };
    return { rule, level: 'OK', reason: null, source: limit.source };
  }
  const why = `${limit.name} (${metText.join(', ')})`;
  for (const [field, value] of [['max_single', limit.max_single], ['max_daily', limit.max_daily]] as const) {
    if (!value) continue;
    const given = field === 'max_single' ? dose.doseIn(value.unit) : dose.dayIn(value.unit);
    if (given === null) return { rule, level: 'UNCHECKED', reason: `${why}: the dose cannot be compared with ${value.unit}`, source: limit.source };
    if (above(given, value.value)) return { rule, level: 'ERROR', reason: `${why}: ${String(significant(given, 6))} ${value.unit} exceeds ${String(value.value)} ${value.unit}`, source: limit.source };
  }
  return { rule, level: 'OK', reason: why, source: limit.source };
}

function criterionValue(name: PatientLimit['criteria'][number]['value'], p: PatientFacts, used: JsonObject): number | null {
  if (name === 'crcl' || name === 'egfr') {
    const found: RenalValue | { needs: string[] } = name === 'crcl' ? creatinineClearance(p) : estimatedGfr(p);
    if ('needs' in found) return null;
    used[name === 'crcl' ? 'crcl_ml_min' : 'egfr'] = found.value;
    return found.value;
  }
  return p[name];
}
