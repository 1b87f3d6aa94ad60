// modules.md §4: adult drug dosing, dose checks, interactions, renal/hepatic adjustment and simple
// kinetics. Per-run state: the administered-drug list and drugs added with register_drug.
import { normalizeName } from '../../../util/names.js';
import { pyRound } from '../../../util/round.js';
import { hepaticAdjust, renalAdjust } from './adjust.js';
import { checkDose, type DoseCheck } from './dose-check.js';
import { patientFacts, runMedications, statementFacts, type PatientFacts } from './patient.js';
import { parseDoseUnit, withoutPerKg } from './dose-units.js';
import { checkContraindications, conditionVocabulary, contraindicationRecords } from './contraindications.js';
import { checkInteractions, UNSAFE } from './interactions.js';
import { plasmaConcentration, troughEstimate } from './kinetics.js';
import { drugProblems } from './schema.js';
import { formularyKind } from './formulary-pack.js';
import { conversionFunctions } from './conversions.js';
import { PK_RESULTS } from './results.js';
import type { PackKind } from '../../packs/types.js';
import {
  administered,
  DRUG_DEFAULTS,
  allDrugs,
  drugs,
  findDrug,
  interactions,
  isTableDrug,
  profile,
  registerDrug,
  suggestDrugs,
  tdm,
  tdmOf,
  unregisterDrug,
  ROUTES,
  type Drug,
} from './table.js';
import { classifyTiming } from '../timing.js';
import {
  ArgumentError,
  type AdministerOutcome,
  type AdministerRequest,
  type CallContext,
  type FunctionSpec,
  type JsonObject,
  type JsonValue,
  type ModuleDef,
  type ParamSpec,
} from '../types.js';

const fn = (spec: Omit<FunctionSpec, 'state'> & { state?: FunctionSpec['state'] }): FunctionSpec => ({ state: 'none', ...spec });
const drugName: ParamSpec = { name: 'drug_name', type: 'string', maxLength: 200, description: 'drug name or alias (pk table or registered in this run)' };
const weight = (extra: Partial<ParamSpec> = {}): ParamSpec => ({ name: 'weight_kg', type: 'number', minimum: 0.3, maximum: 500, unit: 'kg', description: 'body weight', ...extra });
const optionalRoute: ParamSpec = { name: 'route', type: ['string', 'null'], default: null, description: `${ROUTES.slice(0, -1).join(', ')} or ${ROUTES.at(-1)}; null → the default route` };
const optionalIndication: ParamSpec = {
  name: 'indication',
  type: ['string', 'null'],
  default: null,
  maxLength: 200,
  description: "an indication with its own limits (get_profile lists them); null → the lowest limit of all applies",
};
const optionalEvery: ParamSpec = {
  name: 'every_h',
  type: ['number', 'null'],
  default: null,
  exclusiveMinimum: 0,
  maximum: 8760,
  unit: 'h',
  description: 'hours between doses: the dose is checked as that repeated regimen against the daily and weekly maxima; null → one dose',
};
const optionalPatient: ParamSpec = {
  name: 'patient',
  type: ['object', 'null'],
  default: null,
  description:
    "the patient's values, as /v1/run's patient: weight (kg), age, sex, height (cm), creatinine (mg/dL), egfr, crcl (mL/min), child_pugh (A, B, C), pregnant, medications (drug names); null → no patient rules",
};
const DRUG_SOURCE = `${drugs.name} ${drugs.version}: ${drugs.source}`;
const INTERACTION_SOURCE = `${interactions.name} ${interactions.version}: ${interactions.source}`;
const TDM_SOURCE = `${tdm.name} ${tdm.version}: ${tdm.source}`;

function notFound(ctx: CallContext, type: string, query: string, extra: JsonObject = {}): JsonObject {
  return { type, drug: query, found: false, ...extra, suggestions: suggestDrugs(ctx, query) };
}

/** Runs `body` with the drug, or answers the §1.3 not-found lookup. */
function withDrug(ctx: CallContext, name: string, type: string, body: (drug: Drug) => JsonObject): JsonObject {
  const drug = findDrug(ctx, name);
  return drug ? body(drug) : notFound(ctx, type, name);
}

/** A drug that a bare-number result needs: unknown is an argument error here (§4.2 plasma_concentration). */
function requireDrug(ctx: CallContext, name: string, label: string): Drug {
  const drug = findDrug(ctx, name);
  if (drug) return drug;
  const near = suggestDrugs(ctx, name);
  throw new ArgumentError(`${label}: argument 1 'drug_name' '${name}' is not in the drug table${near.length ? `; did you mean ${near.map((n) => `'${n}'`).join(', ')}?` : ''}`);
}

/** The weight a dose check uses: the argument, else the `patient` argument's, else the protocol patient's weight. */
function weightFor(ctx: CallContext, given: number | null, facts: PatientFacts | null = null): number | null {
  if (given !== null) return given;
  if (facts?.weight != null) return facts.weight;
  const w = ctx.patient?.fields.weight;
  return typeof w === 'number' ? w : null;
}

/** The height (cm) for a per-m² dose: the `patient` argument's, else the run patient's when the request sent it. */
function heightFor(ctx: CallContext, facts: PatientFacts | null): number | null {
  if (facts?.height != null) return facts.height;
  const h = ctx.patient?.supplied.has('height') ? ctx.patient.fields.height : undefined;
  return typeof h === 'number' ? h : null;
}

/** Adds a checked dose to the run's administered list (§22.1 step 6). */
function record(ctx: CallContext, name: string, check: DoseCheck): void {
  administered(ctx).push({ drug: check.drug?.name ?? name, known: check.drug !== null, kind: check.kind, amount: check.amount, loading: check.loading === true, at: ctx.now().getTime() });
}

function administeredNames(ctx: CallContext): string[] {
  return administered(ctx).map((d) => d.drug);
}

/** Every interaction partner: the drugs given earlier in the run, then the patient's own medications (issue 22 rule 5). */
function partnersOf(ctx: CallContext, facts: PatientFacts | null): string[] {
  const given = administeredNames(ctx);
  const own = facts?.medications ?? runMedications(ctx);
  return [...given, ...own.filter((m) => !given.includes(m))];
}

/**
 * §4.7: `true` only when the dose is OK and every partner was checked with nothing MAJOR or SEVERE;
 * `false` for a known problem; `null` when missing knowledge (an unverified limit, an unknown drug or
 * partner) leaves it open.
 */
function safety(level: string, partners: JsonObject): boolean | null {
  if (level === 'ERROR' || level === 'WARNING' || partners.safe_to_administer === false) return false;
  if (level !== 'OK' || partners.safe_to_administer !== true) return null;
  return true;
}


/** A dose check's record, with suggestions when the drug is unknown (issue 24 item 4). */
function doseRecord(ctx: CallContext, check: DoseCheck, name: string): JsonObject {
  return check.drug ? check.record : { ...check.record, suggestions: suggestDrugs(ctx, name) };
}

function onsetOf(ctx: CallContext, name: string): number | null {
  return findDrug(ctx, name)?.onset_min ?? null;
}

/** Onset in minutes of a drug's default route, null when the drug is unknown (§22.4). */
export function drugOnset(ctx: CallContext, name: string): number | null {
  return onsetOf(ctx, name);
}

/** §22.1 steps 1–6 for the `administer` statement. */
function administerStatement(ctx: CallContext, request: AdministerRequest): AdministerOutcome {
  const { drug: name, dose, unit } = request;
  const weight = request.patient?.weight;
  const weightKg = typeof weight === 'number' ? weight : null;
  const facts = statementFacts(ctx, request.patient);
  const check = checkDose(ctx, { drugName: name, dose, unit, route: request.route, weightKg, indication: request.indication, label: `administer ${name}`, weightName: "the protocol patient's 'weight'", everyHours: request.everyHours, heightCm: facts?.height ?? null, patient: facts });
  const moissClass = classifyTiming(5, onsetOf(ctx, name));
  if (check.level === 'UNKNOWN') {
    record(ctx, name, check);
    const suggestions = suggestDrugs(ctx, name);
    const reason = suggestions.length ? `did you mean ${suggestions.map((n) => `'${n}'`).join(', ')}?` : null;
    return { level: 'UNKNOWN', reason, data: { ...eventData(check, dose, unit, null, [], moissClass), suggestions } };
  }
  const found = checkInteractions(ctx, name, partnersOf(ctx, facts));
  const unchecked = found.not_checked as string[];
  let level = check.level;
  let reason = check.reason;
  const worst = (found.interactions as JsonObject[]).find((r) => UNSAFE.has(r.severity as string));
  if (worst && level !== 'ERROR') {
    // raises OK to WARNING, never lowers a level, and is named whatever the level
    const partners = [worst.drug_a, worst.drug_b, worst.drug_c].filter((n) => n !== undefined && n !== check.drug!.name);
    const note = `interaction ${worst.severity} with ${partners.join(' and ')}`;
    if (level === 'OK') level = 'WARNING';
    reason = reason ? `${reason}; ${note}` : note;
  }
  // §4.7.2: an earlier drug the table does not know was not checked, so the dose cannot be called OK.
  if (unchecked.length > 0) {
    const note = `interactions UNCHECKED with ${unchecked.join(', ')}`;
    if (level === 'OK') level = 'UNCHECKED';
    reason = reason ? `${reason}; ${note}` : note;
  }
  if (level !== 'ERROR') record(ctx, name, check);
  return { level, reason, data: eventData({ ...check, level }, dose, unit, found.interactions as JsonValue, unchecked, moissClass) };
}

function eventData(check: DoseCheck, dose: number, unit: string, found: JsonValue, unchecked: string[], moissClass: string): JsonObject {
  const r = check.record;
  return {
    drug: r.drug!,
    dose,
    unit,
    level: check.level,
    converted_dose: r.converted_dose!,
    converted_unit: r.converted_unit!,
    limit: r.limit!,
    route: r.route!,
    weight_used: r.weight_used!,
    interactions: found ?? [],
    interactions_unchecked: unchecked,
    patient_used: r.patient_used ?? null,
    rules: r.rules ?? [],
    moiss_class: moissClass,
    source: r.source!,
    table_version: r.table_version!,
  };
}

function registrationProfile(input: JsonObject): Drug {
  const row = { ...DRUG_DEFAULTS, ...input } as Record<string, JsonValue>;
  if (typeof row.default_route === 'string') row.default_route = row.default_route.toUpperCase();
  if (Array.isArray(row.routes)) row.routes = row.routes.map((r) => (typeof r === 'string' ? r.toUpperCase() : r));
  if (row.source === undefined) row.source = 'registered by the caller for this run';
  const problems = drugProblems(row);
  if (problems.length) throw new ArgumentError(`pk.register_drug: argument 1 'profile' ${problems[0]}`);
  return row as unknown as Drug;
}

const pk: ModuleDef = {
  packKinds: [formularyKind as PackKind],
  name: 'pk',
  description: 'Adult drug dosing, dose checks, two-way interactions, renal and hepatic adjustment, one-compartment kinetics.',
  hooks: { administer: administerStatement, drugOnset },
  functions: [
    fn({
      name: 'calculate_dose',
      description: "Total dose from the route's usual dose (or a given dose per kg) and the weight, checked against the limits and this run's earlier drugs.",
      params: [
        drugName,
        weight(),
        { name: 'dose_per_kg', type: ['number', 'null'], default: null, exclusiveMinimum: 0, description: "dose in the table's unit; null → the usual dose" },
        optionalRoute,
        optionalIndication,
        optionalEvery,
        optionalPatient,
      ],
      result: PK_RESULTS.calculate_dose!,
      sources: [DRUG_SOURCE, INTERACTION_SOURCE],
      impl: (a, ctx) =>
        withDrug(ctx, a.drug_name as string, 'PK_DOSE', (drug) => {
          const label = 'pk.calculate_dose';
          const routeName = (a.route as string | null)?.trim().toUpperCase() ?? drug.default_route;
          const dosing = drug.dosing[routeName as Drug['default_route']];
          const block = dosing?.bolus ?? dosing?.infusion;
          if (!block) throw new ArgumentError(`${label}: ${drug.name} has no dosing for route ${routeName}`);
          const perKgDose = (a.dose_per_kg as number | null) ?? block.usual;
          if (perKgDose === null) throw new ArgumentError(`${label}: ${drug.name} has no usual dose by ${routeName}; send argument 3 'dose_per_kg'`);
          const unit = parseDoseUnit(block.unit);
          const perKg = unit.ok && unit.unit.perKg;
          const weightKg = a.weight_kg as number;
          const total = perKg ? perKgDose * weightKg : perKgDose;
          const facts = patientFacts(a.patient as JsonObject | null, `${label}: argument 7 'patient'`);
          const check = checkDose(ctx, { drugName: drug.name, dose: perKgDose, unit: block.unit, route: routeName, weightKg, indication: a.indication as string | null, label, weightName: "argument 2 'weight_kg'", everyHours: a.every_h as number | null, heightCm: heightFor(ctx, facts), patient: facts });
          const partners = checkInteractions(ctx, drug.name, partnersOf(ctx, facts));
          return {
            type: 'PK_DOSE',
            drug: drug.name,
            found: true,
            dose_per_kg: perKgDose,
            dose_unit: block.unit,
            total_dose: pyRound(total, 2),
            unit: withoutPerKg(block.unit),
            patient_weight: weightKg,
            route: routeName,
            indication: a.indication,
            level: check.level,
            is_safe: safety(check.level, partners),
            warning: check.level === 'OK' ? null : (check.record.message as string),
            interactions_unchecked: partners.not_checked!,
            patient_used: check.record.patient_used!,
            rules: check.record.rules!,
            source: check.record.source!,
            table_version: check.record.table_version!,
          };
        }),
    }),
    fn({
      name: 'check_interactions',
      description: "Two-way interaction check of a drug against a list (null → the drugs administered so far in this run and the run patient's medications).",
      params: [drugName, { name: 'current_drugs', type: ['array', 'null'], items: { type: 'string' }, default: null, maxItems: 1000, description: 'other drugs' }],
      result: PK_RESULTS.check_interactions!,
      sources: [INTERACTION_SOURCE],
      impl: (a, ctx) => checkInteractions(ctx, a.drug_name as string, (a.current_drugs as string[] | null) ?? partnersOf(ctx, null)),
    }),
    fn({
      name: 'renal_adjust',
      description: 'Renal dose adjustment for a GFR or creatinine clearance.',
      params: [drugName, { name: 'gfr', type: 'number', minimum: 0, maximum: 1000, unit: 'mL/min', description: 'eGFR or CrCl as the band states (Cockcroft-Gault exceeds 200 in young, heavy patients)' }],
      result: PK_RESULTS.renal_adjust!,
      sources: [DRUG_SOURCE],
      impl: (a, ctx) => withDrug(ctx, a.drug_name as string, 'PK_RENAL', (drug) => renalAdjust(drug, a.gfr as number)),
    }),
    fn({
      name: 'hepatic_adjust',
      description: 'Hepatic dose adjustment for a Child-Pugh class.',
      params: [drugName, { name: 'child_pugh_class', type: 'string', description: 'A, B or C (any case)' }],
      result: PK_RESULTS.hepatic_adjust!,
      sources: [DRUG_SOURCE],
      impl: (a, ctx) => {
        const cls = (a.child_pugh_class as string).trim().toUpperCase();
        if (cls !== 'A' && cls !== 'B' && cls !== 'C') throw new ArgumentError(`pk.hepatic_adjust: argument 2 'child_pugh_class' must be A, B or C, got ${JSON.stringify(a.child_pugh_class)}`);
        return withDrug(ctx, a.drug_name as string, 'PK_HEPATIC', (drug) => hepaticAdjust(drug, cls));
      },
    }),
    fn({
      name: 'therapeutic_range',
      description: 'Therapeutic drug monitoring targets.',
      params: [drugName],
      result: PK_RESULTS.therapeutic_range!,
      sources: [TDM_SOURCE],
      impl: (a, ctx) =>
        withDrug(ctx, a.drug_name as string, 'PK_TDM', (drug): JsonObject => {
          const entry = tdmOf(drug);
          if (!entry) return { type: 'PK_TDM', drug: drug.name, found: true, has_tdm: false, category: null, targets: [], trough: null, peak: null, unit: null, note: null, source: null };
          const e = structuredClone(entry) as unknown as JsonObject;
          return { type: 'PK_TDM', drug: drug.name, found: true, has_tdm: true, category: e.category!, targets: e.targets!, trough: e.trough!, peak: e.peak!, unit: e.unit!, note: e.note!, source: e.source! };
        }),
    }),
    fn({
      name: 'trough_estimate',
      description: 'Steady-state and first-dose peak/trough and AUC24 for repeated dosing (one-compartment estimate).',
      params: [
        drugName,
        // 1,000,000 (a kilogram in mg) is beyond any dose and keeps the concentrations finite
        { name: 'dose', type: 'number', exclusiveMinimum: 0, maximum: 1e6, unit: 'mg', description: 'dose per administration, at most 1,000,000 mg' },
        // a shorter interval is a continuous infusion, whose accumulation factor 1/(1 − e^(−kτ)) grows without bound
        { name: 'interval_hr', type: 'number', minimum: 0.25, maximum: 168, unit: 'h', description: 'dosing interval τ, 0.25–168 h' },
        weight(),
        { name: 'infusion_hr', type: 'number', minimum: 0, default: 0, unit: 'h', description: 'infusion duration (0 = bolus)' },
        { name: 'crcl_ml_min', type: ['number', 'null'], default: null, minimum: 0, maximum: 1000, unit: 'mL/min', description: 'creatinine clearance: vancomycin and the aminoglycosides then use a CrCl-based clearance model' },
      ],
      result: PK_RESULTS.trough_estimate!,
      sources: ['Rowland & Tozer, Clinical Pharmacokinetics and Pharmacodynamics, 4th ed. 2010', 'Sawchuk & Zaske, J Pharmacokinet Biopharm 1976;4:183-195', 'Matzke et al., Antimicrob Agents Chemother 1984;25:433-7 (vancomycin clearance from CrCl)', 'Hull & Sarubbi, Ann Intern Med 1976;85:183-9 (aminoglycoside elimination from CrCl)', DRUG_SOURCE],
      impl: (a, ctx) =>
        withDrug(ctx, a.drug_name as string, 'PK_TROUGH', (drug) =>
          troughEstimate(drug, a.dose as number, a.interval_hr as number, a.weight_kg as number, a.infusion_hr as number, a.crcl_ml_min as number | null, 'pk.trough_estimate'),
        ),
    }),
    fn({
      name: 'plasma_concentration',
      description: 'Concentration after one dose at a time (IV bolus or first-order absorption), in dose unit per litre.',
      params: [
        drugName,
        { name: 'dose', type: 'number', exclusiveMinimum: 0, maximum: 1e6, description: 'dose (mg gives mg/L), at most 1,000,000' },
        { name: 'time_min', type: 'number', minimum: 0, unit: 'min', description: 'time after the dose' },
        weight(),
        optionalRoute,
      ],
      result: { bare: 'number', description: 'the concentration in the dose unit per litre (mg/L for a dose in mg), four decimals' },
      sources: ['Rowland & Tozer, Clinical Pharmacokinetics and Pharmacodynamics, 4th ed. 2010', DRUG_SOURCE],
      impl: (a, ctx) => {
        const label = 'pk.plasma_concentration';
        const drug = requireDrug(ctx, a.drug_name as string, label);
        return plasmaConcentration(drug, a.dose as number, a.time_min as number, a.weight_kg as number, a.route as string | null, label);
      },
    }),
    fn({
      name: 'time_to_effect',
      description: 'Onset, peak and duration of the default route, with the half-life.',
      params: [drugName],
      result: PK_RESULTS.time_to_effect!,
      sources: [DRUG_SOURCE],
      impl: (a, ctx) =>
        withDrug(ctx, a.drug_name as string, 'PK_TIMING', (d) => ({
          type: 'PK_TIMING',
          drug: d.name,
          found: true,
          route: d.default_route,
          onset_min: d.onset_min,
          peak_min: d.peak_min,
          duration_min: d.duration_min,
          half_life_min: d.half_life_min,
        })),
    }),
    fn({
      name: 'validate_dose',
      description:
        'Checks a dose in any dose unit (no side effects; a per-m² dose or range uses the body surface area by Mosteller from the patient\'s height and weight): OK within the usual range and every limit; WARNING outside the usual range; ERROR above a label or guideline maximum or at ten times the top of the usual range; UNCHECKED where the route has neither a usual range nor a verified limit, or a patient rule lacks a value. every_h checks the repeated regimen against the daily and weekly maxima; patient adds age, renal (CrCl/eGFR), Child-Pugh, pregnancy and label criteria (patient_used, rules).',
      params: [
        drugName,
        { name: 'dose_amount', type: 'number', description: 'dose' },
        { name: 'dose_unit', type: 'string', maxLength: 50, description: 'mg, mcg/kg/min, units/kg/h, g, mEq, mg/day, …' },
        weight({ type: ['number', 'null'], default: null, description: "body weight (a protocol uses the patient's weight when null)" }),
        optionalRoute,
        optionalIndication,
        optionalEvery,
        optionalPatient,
      ],
      result: PK_RESULTS.validate_dose!,
      sources: [DRUG_SOURCE],
      impl: (a, ctx) => {
        const name = a.drug_name as string;
        const facts = patientFacts(a.patient as JsonObject | null, "pk.validate_dose: argument 8 'patient'");
        const check = checkDose(ctx, {
          drugName: name,
          dose: a.dose_amount as number,
          unit: a.dose_unit as string,
          route: a.route as string | null,
          weightKg: weightFor(ctx, a.weight_kg as number | null, facts),
          indication: a.indication as string | null,
          label: 'pk.validate_dose',
          weightName: "argument 4 'weight_kg'",
          everyHours: a.every_h as number | null,
          heightCm: heightFor(ctx, facts),
          patient: facts,
        });
        return doseRecord(ctx, check, name);
      },
    }),
    fn({
      name: 'administer',
      state: 'run',
      description: "Records a dose in this run after the dose and interaction checks (validate_dose's levels; an ERROR dose is refused); the patient's medications join the interaction check.",
      params: [
        drugName,
        { name: 'dose', type: 'number', description: 'dose' },
        weight({ type: ['number', 'null'], default: null, description: "body weight (a protocol uses the patient's weight when null)" }),
        { name: 'unit', type: ['string', 'null'], default: null, maxLength: 50, description: "dose unit; null → the route's bolus unit, else its infusion unit" },
        optionalRoute,
        optionalIndication,
        optionalEvery,
        optionalPatient,
      ],
      result: PK_RESULTS.administer!,
      sources: [DRUG_SOURCE, INTERACTION_SOURCE],
      impl: (a, ctx) => {
        const label = 'pk.administer';
        const name = a.drug_name as string;
        const drug = findDrug(ctx, name);
        let unit = a.unit as string | null;
        if (unit === null) {
          if (!drug) {
            const near = suggestDrugs(ctx, name);
            throw new ArgumentError(`${label}: argument 4 'unit' is required for a drug that is not in the table ('${name}')${near.length ? `; did you mean ${near.map((n) => `'${n}'`).join(', ')}?` : ''}`);
          }
          const dosing = drug.dosing[((a.route as string | null)?.trim().toUpperCase() ?? drug.default_route) as Drug['default_route']];
          unit = dosing?.bolus?.unit ?? dosing?.infusion?.unit ?? null;
          if (unit === null) throw new ArgumentError(`${label}: ${drug.name} has no dosing for that route; send argument 4 'unit'`);
        }
        const dose = a.dose as number;
        const facts = patientFacts(a.patient as JsonObject | null, `${label}: argument 8 'patient'`);
        const check = checkDose(ctx, { drugName: name, dose, unit, route: a.route as string | null, weightKg: weightFor(ctx, a.weight_kg as number | null, facts), indication: a.indication as string | null, label, weightName: "argument 3 'weight_kg'", everyHours: a.every_h as number | null, heightCm: heightFor(ctx, facts), patient: facts });
        if (check.level === 'ERROR') throw new ArgumentError(`${label}: ${check.record.message}`);
        const found = checkInteractions(ctx, name, partnersOf(ctx, facts));
        record(ctx, name, check);
        return {
          type: 'PK_ADMINISTER',
          drug: drug?.name ?? name,
          dose,
          unit,
          route: check.record.route!,
          dose_check: doseRecord(ctx, check, name),
          interactions: found,
          onset_min: drug?.onset_min ?? null,
          safe: safety(check.level, found),
        };
      },
    }),
    fn({
      name: 'check_contraindications',
      description: "Which of the patient's conditions contraindicate the drug (controlled vocabulary with synonyms); null when the drug's label conditions were not verified or a condition is not in the vocabulary.",
      params: [drugName, { name: 'patient_conditions', type: 'array', items: { type: 'string' }, default: [], maxItems: 1000, description: 'condition tokens such as active_bleeding' }],
      result: PK_RESULTS.check_contraindications!,
      sources: [`${conditionVocabulary.name} ${conditionVocabulary.version}`, `${contraindicationRecords.name} ${contraindicationRecords.version}: ${contraindicationRecords.source}`],
      impl: (a, ctx) => withDrug(ctx, a.drug_name as string, 'PK_CONTRAINDICATION', (drug) => checkContraindications(ctx, drug, a.patient_conditions as string[])),
    }),
    fn({
      name: 'get_profile',
      description: 'Every table field of a drug.',
      params: [drugName],
      result: PK_RESULTS.get_profile!,
      sources: [DRUG_SOURCE],
      impl: (a, ctx) => withDrug(ctx, a.drug_name as string, 'PK_PROFILE', (drug) => ({ type: 'PK_PROFILE', found: true, ...profile(drug) })),
    }),
    fn({
      name: 'list_drugs',
      description: 'Canonical drug names in table order (then drugs registered in this run), optionally of one category.',
      params: [{ name: 'category', type: ['string', 'null'], default: null, maxLength: 200, description: 'a category from list_categories' }],
      result: { bare: 'array', description: 'canonical drug names', items: { type: 'string', description: 'a drug name' } },
      sources: [DRUG_SOURCE],
      impl: (a, ctx) => {
        const all = allDrugs(ctx);
        const category = a.category as string | null;
        if (category === null) return all.map((d) => d.name);
        const key = normalizeName(category);
        const categories = [...new Set(all.map((d) => d.class))].sort();
        if (!categories.some((c) => normalizeName(c) === key)) {
          throw new ArgumentError(`pk.list_drugs: argument 1 'category' ${JSON.stringify(category)} is not a category; categories: ${categories.join(', ')}`);
        }
        return all.filter((d) => normalizeName(d.class) === key).map((d) => d.name);
      },
    }),
    fn({
      name: 'list_categories',
      description: 'Therapeutic categories, sorted.',
      params: [],
      result: { bare: 'array', description: 'therapeutic categories, sorted', items: { type: 'string', description: 'a category' } },
      sources: [DRUG_SOURCE],
      impl: (_a, ctx) => [...new Set(allDrugs(ctx).map((d) => d.class))].sort(),
    }),
    fn({
      name: 'register_drug',
      state: 'run',
      description: 'Adds a drug profile for this run, validated against the table schema.',
      params: [{ name: 'profile', type: 'object', description: 'a drug row (name, class, routes, default_route, dosing, …)' }],
      result: PK_RESULTS.register_drug!,
      sources: [],
      impl: (a, ctx) => {
        const drug = registrationProfile(a.profile as JsonObject);
        const clash = registerDrug(ctx, drug);
        if (clash) throw new ArgumentError(`pk.register_drug: argument 1 'profile' name or alias clashes with the drug '${clash}'`);
        return { type: 'PK_PROFILE', found: true, ...profile(drug), registered: true };
      },
    }),
    fn({
      name: 'unregister_drug',
      state: 'run',
      description: 'Removes a drug registered in this run.',
      params: [drugName],
      result: PK_RESULTS.unregister_drug!,
      sources: [],
      impl: (a, ctx) => {
        const name = a.drug_name as string;
        if (unregisterDrug(ctx, name)) return { type: 'PK_UNREGISTER', drug: name, found: true, removed: true };
        if (isTableDrug(name)) throw new ArgumentError(`pk.unregister_drug: argument 1 'drug_name' '${name}' is a table drug; only drugs registered in this run can be removed`);
        return { type: 'PK_UNREGISTER', drug: name, found: false, removed: false };
      },
    }),
    ...conversionFunctions,
  ],
};

export default pk;
