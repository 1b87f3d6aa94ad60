// Registry entries of the scores added for issue 25 (MedCalc-Bench). Those over the patient are refused a
// misspelt patient field by the module's strict wrapper; GCS and the pregnancy dates take their own arguments.
import type { FunctionSpec, JsonObject, JsonValue, ParamSpec, ResultField } from '../types.js';
import { booleanField, integerField, numberField, temperatureUnitParam, textField } from '../util/calc-units.js';
import { CENTOR_VARIANTS, centor, feverPain, fib4, hasBled, perc, rcri, sirs, wellsDvt, withCelsius } from './bedside.js';
import { CAPRINI_MEANINGS, CHARLSON_CONDITIONS, caprini, charlson } from './checklists.js';
import { framinghamHardChd } from './framingham-chd.js';
import { gcs } from './gcs.js';
import { conceptionDate, dueDate, gestationalAge } from './pregnancy.js';
import { psi } from './psi.js';
import { POINTS_BY_CRITERION } from './results.js';

const patientParam: ParamSpec = { name: 'patient', type: 'patient', description: 'the patient record (the fields it reads are listed under the function)' };
const patientOf = (a: Record<string, JsonValue>): JsonObject => a.patient as JsonObject;
const fn = (spec: Omit<FunctionSpec, 'state'>): FunctionSpec => ({ ...spec, state: 'none' });

/** One GCS response's points. */
const gcsPoints = (name: string, max: number): ResultField => ({ name, type: ['integer', 'null'], description: `${name} points, 1–${max}; null when not testable` });

/** The common SCORE record fields, then the score's own. */
function scoreResult(extra: readonly ResultField[], maxScore = true): FunctionSpec['result'] {
  return {
    type: 'SCORE',
    fields: [
      textField('scoring', 'which score'),
      integerField('score', 'the total'),
      ...(maxScore ? [integerField('max_score', 'the highest possible total')] : []),
      POINTS_BY_CRITERION,
      ...extra,
    ],
  };
}

const recommendation = textField('recommendation', 'what the source advises at this score');

export const patientCalculators: FunctionSpec[] = [
  fn({
    name: 'has_bled',
    description: 'HAS-BLED major bleeding risk on anticoagulation; ≥ 3 is high risk. Reads uncontrolled_hypertension (SBP > 160), abnormal_renal_function, abnormal_liver_function, stroke_history, bleeding_history, labile_inr, age (> 65), antiplatelet_or_nsaid, alcohol_excess (≥ 8 drinks/week).',
    params: [patientParam],
    result: scoreResult([booleanField('high_risk', 'score ≥ 3'), recommendation]),
    sources: ['Pisters et al., Chest 2010;138:1093-1100'],
    impl: (a) => hasBled(patientOf(a)),
  }),
  fn({
    name: 'wells_dvt',
    description: 'Wells criteria for DVT: two-tier (likely at ≥ 2) and three-tier. Reads active_cancer, leg_paralysis_or_cast, bedridden_or_recent_surgery (≥ 3 days, or major surgery within 12 weeks), deep_vein_tenderness, entire_leg_swollen, calf_swelling_3cm, pitting_edema, collateral_veins, prior_dvt, alternative_diagnosis_likely (−2).',
    params: [patientParam],
    result: scoreResult([textField('two_tier', 'DVT likely (≥ 2) or unlikely'), textField('three_tier', 'Low (≤ 0), Moderate (1–2) or High (≥ 3)'), recommendation]),
    sources: ['Wells et al., NEJM 2003;349:1227-1235', 'Wells et al., Lancet 1997;350:1795-1798'],
    impl: (a) => wellsDvt(patientOf(a)),
  }),
  fn({
    name: 'perc',
    description: 'PERC rule for pulmonary embolism: negative when none of the eight criteria is present. Reads age, hr, spo2, unilateral_leg_swelling, hemoptysis, recent_surgery_or_trauma (within 4 weeks), prior_dvt_pe, hormone_use.',
    params: [patientParam],
    result: scoreResult([booleanField('perc_negative', 'no criterion present'), recommendation]),
    sources: ['Kline et al., J Thromb Haemost 2004;2:1247-1255'],
    impl: (a) => perc(patientOf(a)),
  }),
  fn({
    name: 'rcri',
    description: 'Revised Cardiac Risk Index for major cardiac complications of non-cardiac surgery. Reads high_risk_surgery, ischemic_heart_disease, chf, cerebrovascular_disease, insulin_treated_diabetes, creatinine (> 2 mg/dL).',
    params: [patientParam],
    result: scoreResult([textField('risk_class', 'Lee class I–IV'), numberField('major_cardiac_complication_percent', 'complication rate of the class in the validation cohort', '%')]),
    sources: ['Lee et al., Circulation 1999;100:1043-1049'],
    impl: (a) => rcri(patientOf(a)),
  }),
  fn({
    name: 'centor',
    aliases: ['mcisaac'],
    description: 'Centor score for streptococcal pharyngitis, with the McIsaac age modification by default. Reads temp (> 38 °C), no_cough, tender_anterior_nodes, tonsillar_exudate, and age for McIsaac.',
    params: [
      patientParam,
      { name: 'variant', type: 'string', default: 'mcisaac', enum: CENTOR_VARIANTS, description: "'mcisaac' (age-modified, the common form) or 'centor' (the original four criteria)" },
      temperatureUnitParam,
    ],
    result: scoreResult([textField('variant', 'the variant used', CENTOR_VARIANTS), recommendation]),
    sources: ['Centor et al., Med Decis Making 1981;1:239-246', 'McIsaac et al., CMAJ 1998;158:75-83'],
    impl: (a) => centor(withCelsius(patientOf(a), a.temperature_unit as string), a.variant as string),
  }),
  fn({
    name: 'feverpain',
    description: 'FeverPAIN score for streptococcal pharyngitis. Reads fever_past_24h, purulence, rapid_attendance (within 3 days), severely_inflamed_tonsils, no_cough_or_coryza.',
    params: [patientParam],
    result: scoreResult([textField('streptococcus_likelihood', 'likelihood of streptococcus at this score'), recommendation]),
    sources: ['Little et al., BMJ 2013;347:f5806', 'NICE NG84, Sore throat (acute): antimicrobial prescribing, 2018'],
    impl: (a) => feverPain(patientOf(a)),
  }),
  fn({
    name: 'sirs',
    description: 'SIRS criteria (two or more of temperature, heart rate, respiration, white cells). Reads temp, hr, rr, wbc, and optionally paco2 and bands_percent.',
    params: [patientParam, temperatureUnitParam],
    result: scoreResult([booleanField('sirs', 'two or more criteria met')]),
    sources: ['Bone et al., Chest 1992;101:1644-1655'],
    impl: (a) => sirs(withCelsius(patientOf(a), a.temperature_unit as string)),
  }),
  fn({
    name: 'fib4',
    description: 'FIB-4 index for advanced liver fibrosis: < 1.45 low, > 3.25 high. Reads age, ast, alt (U/L) and platelets (×10³/µL).',
    params: [patientParam],
    result: {
      type: 'SCORE',
      fields: [textField('scoring', 'which score'), numberField('fib4', 'FIB-4, rounded to 0.01 (the categories are decided on it)'), textField('risk', 'LOW, INDETERMINATE or HIGH', ['LOW', 'INDETERMINATE', 'HIGH']), textField('interpretation', 'what the band means')],
    },
    sources: ['Sterling et al., Hepatology 2006;43:1317-1325'],
    impl: (a) => fib4(patientOf(a)),
  }),
  fn({
    name: 'psi',
    aliases: ['pneumonia_severity_index'],
    description:
      'Pneumonia Severity Index (PORT) class I–V. Reads age, sex, nursing_home_resident, neoplastic_disease, liver_disease, chf, cerebrovascular_disease, renal_disease, confusion, rr, bp, temp, hr, ph, bun or urea, sodium, glucose, hematocrit, pao2 or spo2, pleural_effusion.',
    params: [patientParam, temperatureUnitParam],
    result: scoreResult([textField('risk_class', 'class I–V', ['I', 'II', 'III', 'IV', 'V']), booleanField('class_by_first_step', 'class I by the first step (≤ 50 years, no comorbidity, no examination finding)'), recommendation], false),
    sources: ['Fine et al., NEJM 1997;336:243-250'],
    impl: (a) => psi(withCelsius(patientOf(a), a.temperature_unit as string)),
  }),
  fn({
    name: 'framingham_hard_chd',
    description: "Framingham 10-year risk of hard coronary heart disease (MI or coronary death) by the NCEP ATP III 2001 point tables; not the general cardiovascular model of scores.framingham. Reads age (20–79), sex, total_cholesterol, hdl, bp, bp_treated, smoker, and diabetes if given.",
    params: [patientParam],
    result: scoreResult([textField('risk_10yr_percent', "10-year risk in percent as the table gives it ('< 1', '1' … '27', '≥ 30')"), textField('outcome', 'what the risk is of'), booleanField('applies', 'false for a patient with diabetes (a CHD risk equivalent in ATP III)'), textField('note', 'for whom the table holds')], false),
    sources: ['NCEP ATP III, JAMA 2001;285:2486-2497', 'NIH Publication No. 01-3305 (ATP III At-A-Glance, 2001)', 'Wilson et al., Circulation 1998;97:1837-1847'],
    impl: (a) => framinghamHardChd(patientOf(a)),
  }),
  fn({
    name: 'charlson',
    aliases: ['charlson_comorbidity_index'],
    description: 'Charlson Comorbidity Index from a list of conditions, with age points by default (patient field age).',
    params: [
      patientParam,
      { name: 'conditions', type: 'array', items: { type: 'string' }, maxItems: 19, description: `conditions present (absent ones are not listed): ${Object.keys(CHARLSON_CONDITIONS).join(', ')}` },
      { name: 'age_adjusted', type: 'boolean', default: true, description: 'add age points (50–59: 1, 60–69: 2, 70–79: 3, ≥ 80: 4)' },
    ],
    result: scoreResult([integerField('comorbidity_points', 'points from the conditions'), integerField('age_points', 'points from age (0 when not age-adjusted)'), booleanField('age_adjusted', 'whether age points were added')]),
    sources: ['Charlson et al., J Chronic Dis 1987;40:373-383', 'Charlson et al., J Clin Epidemiol 1994;47:1245-1251'],
    impl: (a) => charlson(patientOf(a), a.conditions as JsonValue[], a.age_adjusted as boolean),
  }),
  fn({
    name: 'caprini',
    description: 'Caprini 2005 venous thromboembolism risk: 0–1 low, 2 moderate, 3–4 high, ≥ 5 highest. Age points from patient field age; women-only items need sex.',
    params: [patientParam, { name: 'factors', type: 'array', items: { type: 'string' }, maxItems: 37, description: `risk factors present: ${CAPRINI_MEANINGS}` }],
    result: scoreResult([textField('risk', 'Low, Moderate, High or Highest', ['Low', 'Moderate', 'High', 'Highest'])], false),
    sources: ['Caprini, Dis Mon 2005;51:70-78'],
    impl: (a) => caprini(patientOf(a), a.factors as JsonValue[]),
  }),
];

const dateParam = (name: string, description: string, optional = false): ParamSpec => ({ name, type: optional ? ['string', 'null'] : 'string', maxLength: 20, ...(optional ? { default: null } : {}), description });
const cycleParam: ParamSpec = { name: 'cycle_length_days', type: 'integer', default: 28, minimum: 20, maximum: 45, description: 'length of the regular menstrual cycle' };
const dateField = (name: string, description: string): ResultField => ({ name, type: 'string', description });
const response = (name: string, max: number, words: string): ParamSpec => ({ name, type: ['integer', 'string'], maxLength: 40, description: `1–${max}, or ${words}, or 'NT' (not testable)` });

export const plainCalculators: FunctionSpec[] = [
  fn({
    name: 'gcs',
    aliases: ['glasgow_coma_scale'],
    description: 'Glasgow Coma Scale total from eye, verbal and motor responses, each a number or the scale\'s word; severity 13–15 mild, 9–12 moderate, 3–8 severe.',
    params: [
      response('eye', 4, "'spontaneous', 'to sound', 'to pressure', 'none'"),
      response('verbal', 5, "'oriented', 'confused', 'words', 'sounds', 'none'"),
      response('motor', 6, "'obeys', 'localising', 'normal flexion', 'abnormal flexion', 'extension', 'none'"),
    ],
    result: {
      type: 'SCORE',
      fields: [
        textField('scoring', 'GCS'),
        { name: 'score', type: ['integer', 'null'], description: 'total 3–15; null when a response is not testable' },
        integerField('max_score', '15'),
        {
          name: 'components',
          type: 'object',
          description: 'eye, verbal and motor points (null when not testable)',
          fields: [gcsPoints('eye', 4), gcsPoints('verbal', 5), gcsPoints('motor', 6)],
        },
        { name: 'severity', type: ['string', 'null'], enum: ['Mild', 'Moderate', 'Severe'], description: 'head-injury severity band; null without a total' },
        { name: 'not_testable', type: 'array', items: { type: 'string', description: 'a component' }, description: 'components recorded as not testable' },
        textField('display', "the components as written in notes, e.g. 'E3 V4 M6'"),
      ],
    },
    sources: ['Teasdale & Jennett, Lancet 1974;2:81-84', 'Teasdale et al., Lancet Neurol 2014;13:844-854'],
    impl: (a) => gcs(a.eye!, a.verbal!, a.motor!),
  }),
  fn({
    name: 'due_date',
    description: "Estimated due date by Naegele's rule (LMP + 280 days), adjusted by (cycle length − 28) days.",
    params: [dateParam('lmp_date', "first day of the last menstrual period, 'YYYY-MM-DD'"), cycleParam],
    result: { type: 'OB_DATES', fields: [dateField('due_date', 'estimated due date'), dateField('lmp_date', 'the LMP'), integerField('cycle_length_days', 'cycle length used'), integerField('adjustment_days', 'days added for the cycle length'), textField('rule', 'the rule')] },
    sources: ['ACOG Committee Opinion 700, Obstet Gynecol 2017;129:e150-e154'],
    impl: (a) => dueDate(a.lmp_date as string, a.cycle_length_days as number),
  }),
  fn({
    name: 'conception_date',
    description: 'Estimated date of conception: LMP + (cycle length − 14) days, with the due date.',
    params: [dateParam('lmp_date', "first day of the last menstrual period, 'YYYY-MM-DD'"), cycleParam],
    result: { type: 'OB_DATES', fields: [dateField('conception_date', 'estimated conception date'), dateField('lmp_date', 'the LMP'), integerField('cycle_length_days', 'cycle length used'), dateField('due_date', 'estimated due date'), textField('rule', 'the rule')] },
    sources: ['Lenton et al., Br J Obstet Gynaecol 1984;91:685-689', 'ACOG Committee Opinion 700, Obstet Gynecol 2017;129:e150-e154'],
    impl: (a) => conceptionDate(a.lmp_date as string, a.cycle_length_days as number),
  }),
  fn({
    name: 'gestational_age',
    description: 'Gestational age by LMP on a date (today by default), in completed weeks and days, with trimester and due date.',
    params: [dateParam('lmp_date', "first day of the last menstrual period, 'YYYY-MM-DD'"), dateParam('on_date', "the date to date the pregnancy on, 'YYYY-MM-DD'; null → today (UTC)", true)],
    result: {
      type: 'OB_DATES',
      fields: [
        textField('gestational_age', "'<w> weeks <d> days'"),
        integerField('weeks', 'completed weeks'),
        integerField('days', 'days beyond the completed weeks'),
        integerField('total_days', 'days since the LMP'),
        { name: 'trimester', type: 'integer', enum: [1, 2, 3], description: 'trimester (second from 14 weeks, third from 28)' },
        dateField('lmp_date', 'the LMP'),
        dateField('on_date', 'the date dated on'),
        dateField('due_date', 'estimated due date (LMP + 280 days)'),
      ],
    },
    sources: ['ACOG Committee Opinion 700, Obstet Gynecol 2017;129:e150-e154'],
    impl: (a, ctx) => gestationalAge(a.lmp_date as string, a.on_date as string | null, ctx.now()),
  }),
];
