// What each pk function answers (docs/library.md, the checker's field check and the boundary check read these).
// A drug-table lookup of a name not found answers only drug, found and suggestions, so the other fields of
// those records are optional.
import { DOSE_LEVELS, ROUTES, type RecordResultSpec, type ResultField, type ValueSpec } from '../types.js';
import { flag, names, num, optional, orNull, record, tag, text } from '../util/result-fields.js';
import { PROFILE_FIELDS } from './profile-result.js';


const drugName = text('drug', 'the canonical drug name (as given when not found)');
const found = flag('found', 'false for a drug not in the table nor registered in this run');
export const SUGGESTIONS: ResultField = { name: 'suggestions', type: 'array', items: { type: 'string', description: 'a drug name' }, optional: true, description: 'up to five drug names close to an unknown drug name (only when found is false)' };
/** The head of every drug lookup; the body follows only when the drug is found. */
const lookup = (type: string, body: ResultField[]): ResultField[] => [tag(type), drugName, found, ...body.map(optional), SUGGESTIONS];

const routeUsed = text('route', 'the route checked', { enum: ROUTES });
const tableSource = (what: string): ResultField => orNull(text('source', `the ${what} table (or \`registered in this run\`, or the site formulary); null for an unknown drug`));
const tableVersion = orNull(text('table_version', 'its version; null for a registered or unknown drug'));

const RULE: ValueSpec = record('one patient rule', [
  text('rule', 'the rule: `adult doses`, `renal (CrCl)` or `renal (eGFR)`, `hepatic (Child-Pugh)`, `pregnancy`, or the name of a label criterion'),
  text('level', 'what the rule found', { enum: ['OK', 'WARNING', 'UNCHECKED', 'ERROR'] }),
  orNull(text('reason', 'why, in words; null when it has nothing to say')),
  orNull(text('source', 'where the rule was read; null when the table holds nothing')),
]);
const rules: ResultField = { name: 'rules', type: 'array', items: RULE, description: 'each patient rule that applied, with its level (empty without a patient)' };

const BSA_USED: ResultField = {
  name: 'bsa_used',
  type: ['object', 'null'],
  description: 'the body surface area a per-m² conversion used; null when none was needed',
  fields: [
    num('m2', 'm²', 'body surface area, two decimals'),
    num('height_cm', 'cm', 'the height it was computed from'),
    num('weight_kg', 'kg', 'the weight it was computed from'),
    text('formula', 'the formula and its source (Mosteller, NEJM 1987;317:1098)'),
  ],
};

const patientUsed: ResultField = {
  name: 'patient_used',
  type: ['object', 'null'],
  description: 'the patient values the rules used; null without a patient',
  fields: [
    num('weight', 'kg', 'body weight'),
    num('age', 'years', 'age'),
    text('sex', 'sex', { enum: ['M', 'F'] }),
    num('height', 'cm', 'height'),
    num('creatinine', 'mg/dL', 'serum creatinine'),
    num('egfr', 'mL/min/1.73m2', 'the eGFR given, or the one computed for a renal rule'),
    num('crcl', 'mL/min', 'the CrCl given'),
    text('child_pugh', 'Child-Pugh class', { enum: ['A', 'B', 'C'] }),
    flag('pregnant', 'whether pregnant'),
    names('medications', "the patient's own medications", 'a drug name'),
    num('crcl_ml_min', 'mL/min', 'the CrCl a renal rule or criterion used'),
    text('crcl_basis', 'how that CrCl was obtained: `CrCl as sent` or `Cockcroft-Gault with actual body weight`'),
    text('egfr_basis', 'how that eGFR was obtained: `eGFR as sent` or `CKD-EPI 2021 (race-free)`'),
  ].map(optional),
};

const AMOUNT: ResultField[] = [num('value', null, 'the amount, in unit'), text('unit', 'its unit')];
const LIMIT: ResultField = {
  name: 'limit',
  type: ['object', 'null'],
  description: 'the usual range and the binding maximum the dose was held to; null when the route has no block of the dose’s kind and no period limit',
  fields: [
    orNull(num('usual_low', null, 'bottom of the usual range, in usual_unit; null when open or none')),
    orNull(num('usual_high', null, 'top of the usual range, in usual_unit; null when open or none')),
    optional(text('usual_unit', 'the unit of the usual range (only with a range)')),
    optional(orNull(num('tenfold_at', null, 'ten times usual_high, in usual_unit: from there the dose is an ERROR; null without a top'))),
    orNull(num('max', null, 'the binding maximum, in unit; null when none was verified or applies')),
    orNull(text('unit', 'the unit of max; null with no maximum')),
    optional({ name: 'cap', type: 'object', description: 'the absolute cap of a weight-based maximum', fields: AMOUNT }),
  ],
};

const INTERACTION: ValueSpec = record('one interaction rule that applies', [
  text('drug_a', "the drug on the rule's first side"),
  text('drug_b', "the drug on the rule's second side"),
  optional(text('drug_c', 'the third drug of a rule over three drugs')),
  text('severity', 'how serious', { enum: ['EXPECTED', 'MONITOR', 'MODERATE', 'MAJOR', 'SEVERE'] }),
  text('mechanism', 'why they interact'),
  text('management', 'what to do'),
  text('rule', 'the sides of the rule as stored, e.g. `warfarin + nsaid`'),
  text('source', 'where the rule was read'),
]);

/** The interaction check (pk.check_interactions; administer's `interactions`). Every field is answered, found or not. */
const INTERACTION_FIELDS: ResultField[] = [
  tag('PK_INTERACTION'),
  drugName,
  found,
  names('checked', 'the partners checked (canonical names, each once)', 'a drug name'),
  names('unknown_drugs', 'partners the table does not know', 'a name as given'),
  names('not_checked', 'the same partners: not checked, so nothing is called safe with them', 'a name as given'),
  { name: 'interactions', type: 'array', items: INTERACTION, description: 'the rules that apply, most severe first for each partner, then rules over three drugs' },
  text('max_severity', 'the highest severity (EXPECTED only when nothing else applies)', { enum: ['NONE', 'EXPECTED', 'MONITOR', 'MODERATE', 'MAJOR', 'SEVERE'] }),
  { name: 'safe_to_administer', type: ['boolean', 'null'], description: 'false with a MAJOR or SEVERE interaction; null when a partner or the drug is unknown; else true' },
  text('source', 'the interaction table'),
  text('table_version', 'its version'),
  SUGGESTIONS,
];

/** The dose check (pk.validate_dose; administer's `dose_check`). An unknown drug answers level UNKNOWN. */
const DOSE_CHECK_FIELDS: ResultField[] = [
  tag('PK_DOSE_CHECK'),
  drugName,
  found,
  text('level', 'OK, WARNING (outside the usual range), UNCHECKED (a limit or patient value missing), UNKNOWN (drug not found) or ERROR', { enum: DOSE_LEVELS }),
  text('message', '`dose OK`, or `dose <level> <reason>`'),
  num('given_dose', null, 'the dose given, in given_unit'),
  text('given_unit', 'the unit given'),
  num('converted_dose', null, "the dose in the limit's unit, six significant digits (the dose given when not converted)"),
  text('converted_unit', 'the unit of converted_dose'),
  { name: 'kind', type: ['string', 'null'], enum: ['SINGLE', 'RATE', 'DAILY', 'WEEKLY'], description: 'what the unit makes the dose; null for an unknown drug or an unreadable unit' },
  { name: 'route', type: ['string', 'null'], description: 'the route checked; for an unknown drug the route given (null when none)' },
  orNull(text('indication', 'the indication given; null when none')),
  LIMIT,
  orNull(num('weight_used', 'kg', 'the weight a per-kg conversion used; null when none was needed')),
  BSA_USED,
  orNull(num('cumulative_in_run', null, "this run's doses of the drug in the last 24 h with this one (or the regimen's day, if more), in the daily limit's unit; null without a daily limit")),
  orNull(num('every_h', 'h', 'the interval given; null for one dose')),
  flag('loading', "true when the dose was checked as the drug's loading dose"),
  patientUsed,
  rules,
  tableSource('drug'),
  tableVersion,
  SUGGESTIONS,
];

/** renal_adjust and hepatic_adjust: what was given (`head`), then the advice; `interval` only where bands set one. */
const adjustment = (head: ResultField[], interval: ResultField[] = []): ResultField[] => [
  ...head,
  { name: 'requires_adjustment', type: ['boolean', 'null'], description: 'whether the dose or interval changes; null when the table holds no verified dosing (follow the label)' },
  orNull(num('adjustment_factor', null, 'dose multiplier; null when the drug is to be avoided, only the interval changes, or dosing is not in the table')),
  ...interval,
  orNull(num('original_dose', null, "the default route's usual dose, in dose_unit; null when the table has none")),
  orNull(num('adjusted_dose', null, 'original × factor, 3 significant digits; null without both')),
  orNull(text('dose_unit', 'the unit of the doses; null when the default route has no dosing')),
  text('recommendation', 'the advice in words'),
  text('source', 'where the advice was read'),
];

const trough = (name: string, description: string): ResultField => num(name, 'mg/L', description);

export const PK_RESULTS: Readonly<Record<string, RecordResultSpec>> = {
  calculate_dose: {
    type: 'PK_DOSE',
    description: 'the total dose for the weight, checked like pk.validate_dose and against this run’s earlier drugs',
    fields: lookup('PK_DOSE', [
      num('dose_per_kg', null, "the dose used, in dose_unit (the route's usual dose unless given)"),
      text('dose_unit', "the table's unit of the dose, e.g. `mg/kg`"),
      num('total_dose', null, 'the dose for the weight (dose × weight for a per-kg unit), two decimals, in unit'),
      text('unit', 'the unit of total_dose'),
      num('patient_weight', 'kg', 'the weight given'),
      routeUsed,
      orNull(text('indication', 'the indication given; null when none')),
      text('level', 'the dose check level', { enum: DOSE_LEVELS.filter((l) => l !== 'UNKNOWN') }),
      { name: 'is_safe', type: ['boolean', 'null'], description: 'true only for an OK dose with every partner checked and nothing MAJOR or SEVERE; false for a known problem; null when knowledge is missing' },
      orNull(text('warning', "the dose check's message; null when OK")),
      names('interactions_unchecked', 'earlier drugs or own medications the table does not know', 'a name as given'),
      patientUsed,
      rules,
      tableSource('drug'),
      tableVersion,
    ]),
  },
  check_interactions: { type: 'PK_INTERACTION', description: 'the two-way interaction check', fields: INTERACTION_FIELDS },
  renal_adjust: {
    type: 'PK_RENAL',
    description: 'the renal band that applies and its dose',
    fields: lookup(
      'PK_RENAL',
      adjustment(
        [num('gfr', 'mL/min', 'the GFR or CrCl given'), { name: 'measure', type: ['string', 'null'], enum: ['eGFR', 'CrCl'], description: 'the measure of the band found; null when none applies' }],
        [orNull(num('interval_h', 'h', 'the dosing interval of the band; null when it does not change'))],
      ),
    ),
  },
  hepatic_adjust: {
    type: 'PK_HEPATIC',
    description: 'the hepatic advice for the Child-Pugh class and its dose',
    fields: lookup('PK_HEPATIC', adjustment([text('child_pugh', 'the class given', { enum: ['A', 'B', 'C'] })])),
  },
  therapeutic_range: {
    type: 'PK_TDM',
    description: 'therapeutic drug monitoring targets',
    fields: lookup('PK_TDM', [
      flag('has_tdm', 'whether the monitoring table has the drug (the fields below are null or empty without)'),
      orNull(text('category', 'the monitoring category')),
      {
        name: 'targets',
        type: 'array',
        description: 'each target',
        items: record('one target', [
          text('measure', 'what is measured, e.g. `trough`, `AUC24`'),
          orNull(num('low', null, 'lowest target, in unit; null when open')),
          orNull(num('high', null, 'highest target, in unit; null when open')),
          text('unit', 'the unit of the target'),
          text('timing', 'when to sample'),
          text('indication', 'the indication it is for'),
        ]),
      },
      { name: 'trough', type: ['array', 'null'], items: { type: 'number', description: 'a bound' }, description: 'the trough target as [low, high], in unit; null when none' },
      { name: 'peak', type: ['array', 'null'], items: { type: 'number', description: 'a bound' }, description: 'the peak target as [low, high], in unit; null when none' },
      orNull(text('unit', 'the unit of trough and peak')),
      orNull(text('note', 'remarks')),
      orNull(text('source', 'where the targets were read')),
    ]),
  },
  trough_estimate: {
    type: 'PK_TROUGH',
    description: 'one-compartment peak, trough and AUC24 estimates for repeated dosing',
    fields: lookup('PK_TROUGH', [
      num('dose', 'mg', 'the dose given'),
      num('interval_hr', 'h', 'the dosing interval given'),
      num('infusion_hr', 'h', 'the infusion duration given (0 = bolus)'),
      num('weight_kg', 'kg', 'the weight given'),
      orNull(num('crcl_ml_min', 'mL/min', 'the CrCl given; null when none')),
      num('vd_l', 'L', 'volume of distribution, one decimal'),
      num('half_life_hr', 'h', 'half-life used, two decimals'),
      trough('c_peak_estimated', 'steady-state peak, two decimals'),
      trough('c_trough_estimated', 'steady-state trough, two decimals'),
      trough('c_peak_first_dose', 'peak after the first dose, two decimals'),
      trough('c_trough_first_dose', 'trough after the first dose, two decimals'),
      num('auc24_estimated', 'mg·h/L', 'steady-state AUC over 24 h, whole'),
      text('unit', 'the unit of the concentrations', { enum: ['mg/L'] }),
      text('model', 'the model and clearance used; an estimate only'),
    ]),
  },
  time_to_effect: {
    type: 'PK_TIMING',
    description: 'onset, peak and duration of the default route',
    fields: lookup('PK_TIMING', [
      text('route', 'the default route', { enum: ROUTES }),
      orNull(num('onset_min', 'min', 'onset; null when unknown')),
      orNull(num('peak_min', 'min', 'time to peak effect; null when unknown')),
      orNull(num('duration_min', 'min', 'duration of effect; null when unknown')),
      orNull(num('half_life_min', 'min', 'population half-life; null when unknown')),
    ]),
  },
  validate_dose: { type: 'PK_DOSE_CHECK', description: 'the dose checked against the usual range, the limits and the patient rules', fields: DOSE_CHECK_FIELDS },
  administer: {
    type: 'PK_ADMINISTER',
    description: 'the dose recorded in this run, with its checks',
    fields: [
      text('drug', 'the canonical drug name (as given for a drug not in the table)'),
      num('dose', null, 'the dose given, in unit'),
      text('unit', "the unit given, or the route's bolus (else infusion) unit"),
      { name: 'route', type: ['string', 'null'], description: 'the route checked; for an unknown drug the route given (null when none)' },
      { name: 'dose_check', type: 'object', fields: DOSE_CHECK_FIELDS, description: 'the dose check (as pk.validate_dose answers)' },
      { name: 'interactions', type: 'object', fields: INTERACTION_FIELDS, description: "the interaction check against this run's earlier drugs and the patient's medications (as pk.check_interactions answers)" },
      orNull(num('onset_min', 'min', 'onset by the default route; null when unknown')),
      { name: 'safe', type: ['boolean', 'null'], description: 'true only for an OK dose with every partner checked and nothing MAJOR or SEVERE; false for a known problem; null when knowledge is missing' },
    ],
  },
  check_contraindications: {
    type: 'PK_CONTRAINDICATION',
    description: "the patient's conditions against the drug's label contraindications",
    fields: lookup('PK_CONTRAINDICATION', [
      { name: 'contraindicated', type: ['boolean', 'null'], description: "true when a condition is listed (or, for a hypersensitivity, an allergy to the drug's class); null when some condition could not be checked (not in the vocabulary, the drug's list not verified, or only a narrower case of it listed); else false" },
      names('reasons', 'the conditions that contraindicate the drug', 'a condition as given'),
      names('unknown_conditions', 'conditions not in the vocabulary', 'a condition as given'),
      names('not_checked', 'conditions that could not be checked (also those whose narrower case the label names)', 'a condition as given'),
      {
        name: 'narrower_on_label',
        type: 'array',
        items: record('a label condition narrower than a condition given', [
          text('condition', 'the condition as given'),
          text('label_condition', 'the narrower condition the label names (a vocabulary token)'),
        ]),
        description: 'conditions given whose narrower case the label contraindicates (pregnancy, where the label names pregnancy with a non-neoplastic disease): each is not checked, since whether the narrower case applies is not known',
      },
      orNull(text('checked_against', 'the label section read (label, section, set id, version, date), ending "; partly read: why" when only part of the section was seen; null when nothing was read')),
    ]),
  },
  get_profile: {
    type: 'PK_PROFILE',
    description: "every table field of the drug; a name not found answers drug, found and suggestions",
    fields: [tag('PK_PROFILE'), found, optional(text('drug', 'only when not found: the name as given')), ...PROFILE_FIELDS.map(optional), SUGGESTIONS],
  },
  register_drug: {
    type: 'PK_PROFILE',
    description: 'the profile registered, as pk.get_profile answers it',
    fields: [tag('PK_PROFILE'), flag('found', 'always true'), ...PROFILE_FIELDS, flag('registered', 'always true')],
  },
  unregister_drug: {
    type: 'PK_UNREGISTER',
    description: 'whether a drug registered in this run was removed',
    fields: [tag('PK_UNREGISTER'), text('drug', 'the name given'), flag('found', 'whether a drug of that name was registered in this run'), flag('removed', 'whether it was removed (the same as found)')],
  },
};
