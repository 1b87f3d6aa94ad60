// Which patient fields the scores read (modules.md §1.3, §1.5, §2). A score takes the whole patient and
// ignores fields it does not read, but refuses a near miss of one it does (`tia2`, `surgery`), naming the
// field it meant and the fields it reads: a misspelt criterion must never score as if it were absent.
import { editDistance } from '../../../util/names.js';
import { ArgumentError, type JsonObject, type PatientCriterion } from '../types.js';
import { PATIENT_FIELDS } from '../util/patient.js';

/** Each score's fields; `a|b` are alternative forms of one criterion, `(…)` optional. */
export const SCORE_FIELDS: Readonly<Record<string, readonly string[]>> = {
  qsofa: ['rr', 'bp', 'consciousness|gcs'],
  sofa: [
    'pao2_fio2|pao2+fio2',
    'ventilated',
    'platelets',
    'bilirubin',
    'map|bp+diastolic_bp',
    'on_vasopressors|dopamine|dobutamine|epinephrine|norepinephrine',
    'gcs',
    'creatinine|urine_output_ml_day',
  ],
  news2: ['rr', 'spo2', '(spo2_scale)', 'on_oxygen', 'bp', 'hr', 'temp', 'consciousness|gcs'],
  cha2ds2_vasc: ['age', 'sex', 'chf', 'hypertension', 'diabetes', 'stroke_history|tia|thromboembolism', 'vascular_disease'],
  heart_score: ['chest_pain_history', 'ecg_findings', 'cardiac_risk_factors', 'troponin_level', 'age'],
  framingham: ['age', 'sex', 'total_cholesterol', 'hdl', 'bp', 'bp_treated', 'smoker', 'diabetes'],
  meld: ['creatinine', 'bilirubin', 'inr', 'sodium', '(dialysis)', '(albumin)', '(sex)'],
  child_pugh: ['bilirubin', 'albumin', 'inr', 'ascites', 'encephalopathy'],
  curb65: ['confusion|gcs', 'urea|bun', 'rr', 'bp', 'diastolic_bp', 'age'],
  wells_pe: ['dvt_symptoms', 'pe_most_likely', 'hr', 'recent_immobilization', '(recent_surgery)', 'prior_dvt_pe', 'hemoptysis', 'active_cancer'],
  glasgow_blatchford: ['urea|bun', 'hemoglobin', 'sex', 'bp', 'hr', 'melena', 'syncope', 'liver_disease', 'chf'],
  kdigo_aki: ['creatinine+baseline_creatinine|urine_output_ml_kg_hr+urine_output_hours|on_rrt'],
  apache_ii: [
    'temp',
    'map|bp+diastolic_bp',
    'hr',
    'rr',
    'fio2',
    'pao2',
    'paco2|aa_gradient',
    'ph|hco3',
    'sodium',
    'potassium',
    'creatinine',
    '(acute_renal_failure)',
    'hematocrit',
    'wbc',
    'gcs',
    'age',
    'chronic_health|chronic_organ_failure',
    '(admission_type)',
  ],
  has_bled: ['uncontrolled_hypertension', 'abnormal_renal_function', 'abnormal_liver_function', 'stroke_history', 'bleeding_history', 'labile_inr', 'age', 'antiplatelet_or_nsaid', 'alcohol_excess'],
  wells_dvt: ['active_cancer', 'leg_paralysis_or_cast', 'bedridden_or_recent_surgery', 'deep_vein_tenderness', 'entire_leg_swollen', 'calf_swelling_3cm', 'pitting_edema', 'collateral_veins', 'prior_dvt', 'alternative_diagnosis_likely'],
  perc: ['age', 'hr', 'spo2', 'unilateral_leg_swelling', 'hemoptysis', 'recent_surgery_or_trauma', 'prior_dvt_pe', 'hormone_use'],
  rcri: ['high_risk_surgery', 'ischemic_heart_disease', 'chf', 'cerebrovascular_disease', 'insulin_treated_diabetes', 'creatinine'],
  centor: ['temp', 'no_cough', 'tender_anterior_nodes', 'tonsillar_exudate', '(age)'],
  feverpain: ['fever_past_24h', 'purulence', 'rapid_attendance', 'severely_inflamed_tonsils', 'no_cough_or_coryza'],
  sirs: ['temp', 'hr', 'rr', 'wbc', '(paco2)', '(bands_percent)'],
  fib4: ['age', 'ast', 'alt', 'platelets'],
  psi: [
    'age', 'sex', 'nursing_home_resident', 'neoplastic_disease', 'liver_disease', 'chf', 'cerebrovascular_disease', 'renal_disease', 'confusion',
    'rr', 'bp', 'temp', 'hr', 'ph', 'bun|urea', 'sodium', 'glucose', 'hematocrit', 'pao2|spo2', 'pleural_effusion',
  ],
  framingham_hard_chd: ['age', 'sex', 'total_cholesterol', 'hdl', 'bp', 'bp_treated', 'smoker', '(diabetes)'],
  charlson: ['(age)'],
  caprini: ['age', '(sex)'],
};

/** Fields no score reads but any patient may carry: §2 identifiers and aliases, and what a run derives (bmi, shock_index). */
const OTHER_PATIENT_FIELDS = ['id', 'patient_id', 'mrn', 'name', 'birth_date', 'sbp', 'dbp', 'bmi', 'shock_index'];

/** A score's fields as the reference lists them: each criterion's alternatives and whether it is needed. */
export function patientCriteria(score: string): PatientCriterion[] {
  return (SCORE_FIELDS[score] ?? []).map((entry) => ({
    alternatives: entry.replace(/[()]/g, '').split('|').map((set) => set.split('+')),
    required: !entry.startsWith('('),
  }));
}

function fieldsOf(entry: string): string[] {
  return entry.replace(/[()]/g, '').split(/[|+]/);
}

const KNOWN = new Set<string>([
  ...Object.keys(PATIENT_FIELDS),
  ...OTHER_PATIENT_FIELDS,
  ...Object.values(SCORE_FIELDS).flatMap((entries) => entries.flatMap(fieldsOf)),
]);

/** `Stroke_History`, `stroke-history`, `strokehistory` are one name. */
const squeeze = (name: string): string => name.toLowerCase().replace(/[\s_.\-]+/g, '');

/** Whole words of a field this long or longer count as a near miss (`surgery` for `recent_surgery`); shorter ones (`day`) do not. */
const MIN_WORD_MISS = 5;

/**
 * The field the score reads that `field` nearly names, or null: the same name in another case or with other
 * separators, within two edits and a third of its length (`tia2` for `tia`, `plateletts` for `platelets`, not
 * `ph` for `hr`), or one or more whole words at the start or end of it (`surgery` for `recent_surgery`).
 */
function nearMiss(field: string, reads: readonly string[]): string | null {
  const f = squeeze(field);
  const words = field.toLowerCase().split(/[\s_.\-]+/).join('_');
  for (const name of reads) {
    const n = squeeze(name);
    if (f === n) return name;
    const distance = editDistance(f, n, 2);
    if (distance <= 2 && distance * 3 <= Math.max(f.length, n.length)) return name;
    if (words.length >= MIN_WORD_MISS && (name.startsWith(`${words}_`) || name.endsWith(`_${words}`))) return name;
  }
  return null;
}

/**
 * A score reads the fields it needs and ignores the others (a protocol's own inputs, other scores' fields),
 * except a field that nearly names one it reads: that is a misspelling that must never score as absent.
 */
const readsOf = new Map<string, string[]>(); // per score, built on its first call
export function rejectUnknownFields(patient: JsonObject, score: string): void {
  let reads = readsOf.get(score);
  if (!reads) readsOf.set(score, (reads = (SCORE_FIELDS[score] ?? []).flatMap(fieldsOf)));
  for (const field of Object.keys(patient)) {
    if (KNOWN.has(field)) continue;
    const near = nearMiss(field, reads);
    if (near === null) continue;
    throw new ArgumentError(
      `scores.${score}: unknown patient field '${field}' (did you mean '${near}'?); this score reads ${(SCORE_FIELDS[score] ?? []).map((r) => r.replace(/\|/g, ' or ')).join(', ')}`,
    );
  }
}
