// The declared fields of a drug profile as get_profile and register_drug answer it: the drug row of
// table.ts (Drug) with the defaults of DRUG_DEFAULTS filled, so a field is optional only where a row may omit it.
import { ROUTES, type ResultField, type ValueSpec } from '../types.js';
import { num, optional, orNull, record, strings, text } from '../util/result-fields.js';

const source = text('source', 'where the values were read (label, guideline)');
const route = (name: string, description: string): ResultField => text(name, description, { enum: ROUTES });

/** An amount in its own unit, e.g. 15 mg/kg. */
const AMOUNT: ResultField[] = [num('value', null, 'the amount, in unit'), text('unit', 'its unit')];

/** §4.7.1: a limit of one dose or rate. */
const limit = (name: string, description: string): ResultField => ({
  name,
  type: ['number', 'object', 'string', 'null'],
  description: `${description}: a number in the block's unit, a record {value, unit, cap} in its own unit, "none" where the label defines no such limit, or null where none was verified`,
  fields: [...AMOUNT, optional({ name: 'cap', type: 'object', description: 'an absolute cap; the lower of the two applies', fields: AMOUNT })],
});

/** A daily or weekly limit. */
const period = (name: string, description: string): ResultField => ({
  name,
  type: ['object', 'string', 'null'],
  enum: ['none'],
  description: `${description}: a record {value, unit}, "none" where the label defines no such limit, or null where none was verified`,
  fields: [...AMOUNT, optional(text('source', 'where it was read'))],
});

/** issue 22: a usual range in its own unit. */
const USUAL_RANGE: ResultField[] = [orNull(num('low', null, 'lowest usual dose, in unit; null when open')), orNull(num('high', null, 'highest usual dose, in unit; null when open')), text('unit', 'the unit of the range'), source];
const usualRange = (name: string, description: string): ResultField => ({ name, type: 'object', description, fields: USUAL_RANGE });

const HEPATIC_CLASS = (cls: string): ResultField => ({
  name: cls,
  type: 'object',
  description: `Child-Pugh class ${cls}`,
  fields: [optional(num('factor', null, 'dose multiplier')), optional({ name: 'avoid', type: 'boolean', description: 'true when the drug is to be avoided' }), text('text', 'the advice in words'), source],
});

const RENAL_BAND: ValueSpec = record('one band of renal function', [
  num('min', 'mL/min', 'lower bound of the band'),
  optional({ name: 'min_exclusive', type: 'boolean', description: 'true when the band starts just above min' }),
  orNull(num('max', 'mL/min', 'upper bound; null for no upper bound')),
  text('measure', 'the measure the bounds are in', { enum: ['eGFR', 'CrCl'] }),
  optional(num('factor', null, 'dose multiplier')),
  optional(num('interval_h', 'h', 'the dosing interval')),
  optional({ name: 'avoid', type: 'boolean', description: 'true when the drug is to be avoided' }),
  text('text', 'the advice in words'),
  source,
]);

const PATIENT_LIMIT: ValueSpec = record('lower limits that apply when enough criteria hold', [
  text('name', 'what the limit is, e.g. the label population'),
  optional(text('indication', 'the indication it belongs to')),
  { name: 'at_least', type: 'integer', description: 'how many criteria must hold' },
  {
    name: 'criteria',
    type: 'array',
    description: 'the criteria',
    items: record('one criterion', [
      text('value', 'the patient value compared', { enum: ['age', 'weight', 'height', 'creatinine', 'crcl', 'egfr'] }),
      text('op', 'the comparison', { enum: ['>=', '<=', '>', '<'] }),
      num('threshold', null, 'the threshold, in the value’s unit (years, kg, cm, mg/dL, mL/min)'),
    ]),
  },
  optional({ name: 'max_single', type: 'object', description: 'the lower single-dose maximum', fields: AMOUNT }),
  optional({ name: 'max_daily', type: 'object', description: 'the lower daily maximum', fields: AMOUNT }),
  source,
]);

const INDICATION: ValueSpec = record('limits of one indication', [
  text('name', 'the indication'),
  optional(route('route', 'the route it applies to')),
  optional(limit('max_single', 'its single-dose maximum')),
  optional(limit('max_rate', 'its rate maximum')),
  optional(period('max_daily', 'its daily maximum')),
  optional(period('max_weekly', 'its weekly maximum')),
  optional(usualRange('usual', 'its own usual range')),
  source,
]);

/** Every field of a drug row as answered; all are present except those marked optional. */
export const PROFILE_FIELDS: ResultField[] = [
  text('name', 'the canonical drug name'),
  { name: 'rxcui', type: ['string', 'null'], description: 'RxNorm ingredient concept id; null where not verified' },
  { name: 'aliases', type: 'array', items: strings('another name'), description: 'other names it is found by' },
  text('class', 'therapeutic category (pk.list_categories)'),
  { name: 'interaction_classes', type: 'array', items: strings('a class'), description: 'classes the interaction rules name it by' },
  { name: 'routes', type: 'array', items: { type: 'string', enum: ROUTES, description: 'a route' }, description: 'the routes it is given by' },
  route('default_route', 'the route used when none is named'),
  {
    name: 'dosing',
    type: 'object',
    description:
      'keyed by route (IV, PO, …): each {bolus, infusion}; bolus {usual, usual_low, usual_high, max_single, unit, source, usual_by_weight, usual_by_bsa}, infusion the same with max_rate; a limit is a number in unit, a record {value, unit, cap}, "none" or null, as in indications',
  },
  period('max_daily', 'daily maximum'),
  optional(text('max_daily_source', 'why max_daily is "none"')),
  period('max_weekly', 'weekly maximum'),
  optional(text('max_weekly_source', 'why max_weekly is "none"')),
  optional(usualRange('usual_daily', "the label's usual total per day")),
  optional({
    name: 'loading',
    type: 'object',
    description: 'the loading dose the label or a guideline defines',
    fields: [
      route('route', 'its route'),
      orNull(num('usual_low', null, 'bottom of the loading range; null when open')),
      orNull(num('usual_high', null, 'top of the loading range; null when open')),
      limit('max_single', 'its maximum'),
      text('unit', 'its unit'),
      source,
    ],
  }),
  optional({ name: 'patient_limits', type: 'array', items: PATIENT_LIMIT, description: 'lower limits for patients meeting label criteria' }),
  { name: 'indications', type: 'array', items: INDICATION, description: 'indications with their own limits' },
  orNull(num('valence', null, 'ionic valence, for mEq conversions; null when not applicable')),
  orNull(num('meq_per_g', 'mEq/g', 'milliequivalents per gram; null when not applicable')),
  orNull(num('mmol_per_g', 'mmol/g', 'millimoles per gram; null when not applicable')),
  { name: 'bioavailability', type: 'object', description: 'keyed by route: the fraction absorbed, 0–1' },
  orNull(num('half_life_min', 'min', 'population half-life; null when unknown')),
  orNull(num('vd_l_per_kg', 'L/kg', 'population volume of distribution; null when unknown')),
  orNull(num('ka_per_h', '1/h', 'absorption rate constant; null when unknown')),
  orNull(num('onset_min', 'min', 'onset by the default route; null when unknown')),
  orNull(num('peak_min', 'min', 'time to peak effect; null when unknown')),
  orNull(num('duration_min', 'min', 'duration of effect; null when unknown')),
  {
    name: 'renal',
    type: ['array', 'string', 'null'],
    enum: ['see_label'],
    items: RENAL_BAND,
    description: 'renal bands from 0 upwards; null for no renal adjustment; "see_label" where the table holds no verified renal dosing',
  },
  {
    name: 'hepatic',
    type: ['object', 'string', 'null'],
    enum: ['see_label'],
    fields: ['A', 'B', 'C'].map(HEPATIC_CLASS),
    description: 'advice by Child-Pugh class; null for no hepatic adjustment; "see_label" where the table holds no verified hepatic dosing',
  },
  { name: 'contraindications', type: 'array', items: strings('a condition token, e.g. `active_bleeding`'), description: "conditions in the row's contraindications" },
  optional(text('contraindications_source', 'where a site or registered row read its contraindications')),
  {
    name: 'cyp',
    type: 'array',
    description: 'metabolic enzymes and transporters',
    items: record('one enzyme', [
      text('enzyme', 'the enzyme or transporter, e.g. `CYP3A4`'),
      text('role', 'how the drug meets it', { enum: ['substrate', 'inhibitor', 'inducer'] }),
      text('strength', 'how strongly', { enum: ['strong', 'moderate', 'weak'] }),
    ]),
  },
  { name: 'prodrug_of', type: ['string', 'null'], description: 'the active drug or enzyme it depends on; null when not a prodrug' },
  text('source', 'where the row was read'),
  optional(text('notes', 'remarks on the row')),
  optional({ name: 'tdm', type: 'any', description: 'a registered row’s own tdm value, answered as given (pk.therapeutic_range reads the monitoring table instead)' }),
];
