// What each score answers (docs/library.md, the checker's field check and the boundary check read these).
import type { RecordResultSpec, ResultField } from '../types.js';
import { always, flag, int, num, text } from '../util/result-fields.js';

const TAG: ResultField = always('type', 'SCORE');
const scoring = (name: string): ResultField => text('scoring', 'which score this is', { enum: [name] });

/** The points of each criterion of a points score, keyed by criterion name. */
export const POINTS_BY_CRITERION: ResultField = {
  name: 'components',
  type: 'object',
  description: 'points of each criterion, by criterion name',
  keys: 'criterion',
  values: { type: 'number', description: 'the points of the criterion' },
};

/** The fields every points score has: its name, points, maximum and the points of each criterion. */
function pointsFields(name: string, max: number): ResultField[] {
  return [
    TAG,
    scoring(name),
    num('score', null, 'total points'),
    num('max_score', null, `the highest possible total (${max})`),
    POINTS_BY_CRITERION,
  ];
}

const record = (description: string, fields: ResultField[]): RecordResultSpec => ({ type: 'SCORE', description, fields });

export const QSOFA_RECORD = record('qSOFA with its criteria', [...pointsFields('qSOFA', 3), flag('positive', 'true at 2 points or more')]);
export const SOFA_RECORD = record('SOFA with the points of each organ system', pointsFields('SOFA', 24));

export const SCORE_RESULTS: Readonly<Record<string, RecordResultSpec>> = {
  news2: record('NEWS2 with its clinical response', [
    ...pointsFields('NEWS2', 20),
    text('risk', 'clinical risk band', { enum: ['LOW', 'LOW-MEDIUM', 'MEDIUM', 'HIGH'] }),
    text('action', 'the clinical response the band calls for'),
    { name: 'spo2_scale', type: 'integer', description: 'the SpO2 scale used (1, or 2 for hypercapnic respiratory failure)', enum: [1, 2] },
    flag('single_parameter_3', 'true when one parameter alone scores 3'),
  ]),
  cha2ds2_vasc: record('CHA2DS2-VASc', [
    ...pointsFields('CHA2DS2-VASc', 9),
    text('risk', 'stroke risk band (the sex point excluded)', { enum: ['LOW', 'MODERATE', 'HIGH'] }),
    text('recommendation', 'anticoagulation advice for the band'),
  ]),
  heart_score: record('HEART score', [
    ...pointsFields('HEART', 10),
    text('risk', 'risk band', { enum: ['LOW', 'MODERATE', 'HIGH'] }),
    num('mace_6wk_percent', '%', 'major adverse cardiac events within 6 weeks for the band, as published'),
    text('recommendation', 'advice for the band'),
  ]),
  framingham: record('Framingham 10-year cardiovascular risk', [
    TAG,
    scoring('Framingham'),
    num('risk_10yr_percent', '%', '10-year risk of cardiovascular disease, one decimal'),
    text('category', 'risk category', { enum: ['LOW', 'MODERATE', 'HIGH'] }),
    flag('outside_validation', 'true for ages 75 to 100, beyond the validated 30 to 74'),
  ]),
  meld: record('MELD, MELD-Na and MELD 3.0', [
    TAG,
    scoring('MELD-Na'),
    int('meld', 'MELD (6 to 40)'),
    int('meld_na', 'MELD-Na (6 to 40)'),
    { name: 'meld_3', type: ['integer', 'null'], description: 'MELD 3.0 (6 to 40); null without albumin and sex' },
    text('mortality_3mo', '3-month mortality of the MELD stratum, as published'),
    {
      name: 'bounded_inputs',
      type: 'object',
      description: 'the values the formula used after its bounds',
      fields: [
        num('creatinine', 'mg/dL', 'creatinine bounded to 1 to 4 (4 on dialysis)'),
        num('bilirubin', 'mg/dL', 'bilirubin, at least 1'),
        num('inr', null, 'INR, at least 1'),
        num('sodium', 'mmol/L', 'sodium bounded to 125 to 137'),
        flag('dialysis', 'whether dialysis was counted'),
      ],
    },
  ]),
  child_pugh: record('Child-Pugh', [
    ...pointsFields('Child-Pugh', 15),
    text('class', 'Child-Pugh class', { enum: ['A', 'B', 'C'] }),
    text('survival_1yr', '1-year survival of the class, as published'),
    text('survival_2yr', '2-year survival of the class, as published'),
  ]),
  curb65: record('CURB-65', [
    ...pointsFields('CURB-65', 5),
    text('risk', 'severity band', { enum: ['LOW', 'MODERATE', 'HIGH'] }),
    text('mortality', '30-day mortality for the score, as published'),
    text('recommendation', 'where to treat'),
  ]),
  wells_pe: record('Wells criteria for pulmonary embolism', [
    ...pointsFields('Wells-PE', 12.5),
    text('probability', 'three-tier clinical probability', { enum: ['LOW', 'MODERATE', 'HIGH'] }),
    text('two_tier', 'two-tier reading (likely above 4 points)', { enum: ['PE_LIKELY', 'PE_UNLIKELY'] }),
    text('recommendation', 'the next test'),
  ]),
  glasgow_blatchford: record('Glasgow-Blatchford', [
    ...pointsFields('Glasgow-Blatchford', 23),
    text('risk', 'risk band', { enum: ['VERY LOW', 'LOW', 'MODERATE', 'HIGH'] }),
    text('recommendation', 'outpatient or inpatient care'),
  ]),
  kdigo_aki: record('KDIGO acute kidney injury stage', [
    ...pointsFields('KDIGO-AKI', 3),
    { name: 'stage', type: 'integer', description: 'KDIGO stage, 0 for no AKI', enum: [0, 1, 2, 3] },
    { name: 'creatinine_ratio', type: ['number', 'null'], description: 'creatinine over baseline, two decimals; null without creatinine' },
    text('risk', 'the stage in words', { enum: ['NO AKI', 'Stage 1 AKI', 'Stage 2 AKI', 'Stage 3 AKI'] }),
    { name: 'criteria_evaluated', type: 'array', items: { type: 'string', description: '`creatinine`, `urine_output` or `rrt`' }, description: 'the criteria the patient had data for' },
    text('management', 'management for the stage'),
  ]),
  apache_ii: record('APACHE II', [...pointsFields('APACHE-II', 71), text('estimated_mortality', 'hospital mortality of the score band, as published')]),
};
