// Which patient fields the scores read (modules.md §1.3, §1.5, §2). A score given a field that no score
// and no part of §2 knows refuses it, naming the field and the fields it does read: a misspelt or
// unsupported criterion (`tia2`, `surgery`) must never score as if it were absent.
import { nearestName } from '../../../util/names.js';
import { ArgumentError, type JsonObject } from '../types.js';
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
};

/** Fields no score reads but any patient may carry: §2 identifiers and aliases, and what a run derives (bmi, shock_index). */
const OTHER_PATIENT_FIELDS = ['id', 'patient_id', 'mrn', 'name', 'birth_date', 'sbp', 'dbp', 'bmi', 'shock_index'];

function fieldsOf(entry: string): string[] {
  return entry.replace(/[()]/g, '').split(/[|+]/);
}

const KNOWN = new Set<string>([
  ...Object.keys(PATIENT_FIELDS),
  ...OTHER_PATIENT_FIELDS,
  ...Object.values(SCORE_FIELDS).flatMap((entries) => entries.flatMap(fieldsOf)),
]);

/** Throws an argument error for a patient field that no score and no part of §2 knows. */
export function rejectUnknownFields(patient: JsonObject, score: string): void {
  for (const field of Object.keys(patient)) {
    if (KNOWN.has(field)) continue;
    const reads = SCORE_FIELDS[score] ?? [];
    const names = reads.flatMap(fieldsOf);
    const near = nearestName(field, names) ?? names.find((n) => n.includes(field) || field.includes(n)) ?? null;
    throw new ArgumentError(
      `scores.${score}: unknown patient field '${field}'` +
        (near ? ` (did you mean '${near}'?)` : '') +
        `; this score reads ${reads.map((r) => r.replace(/\|/g, ' or ')).join(', ')}`,
    );
  }
}
