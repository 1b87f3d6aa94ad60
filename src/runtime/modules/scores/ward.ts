// Ward and emergency scores: NEWS2, CURB-65 and Glasgow-Blatchford.
import { ArgumentError, type JsonObject } from '../types.js';
import { normalizeSex } from '../util/sex.js';
import { PatientReader } from '../util/patient.js';
import { above, atLeast } from '../util/threshold.js';
import { isAlert } from './consciousness.js';

const NEWS2_ACTION: Record<string, string> = {
  LOW: 'Ward-based monitoring: 12-hourly observations at a score of 0, 4–6-hourly at 1–4.',
  'LOW-MEDIUM': 'Urgent ward-based review by a clinician to decide on escalation.',
  MEDIUM: 'Urgent clinical review by a clinician with competence in acute illness.',
  HIGH: 'Emergency assessment by a critical-care team.',
};

// NEWS2 (Royal College of Physicians, National Early Warning Score 2, 2017); non-integers use the upper-bound form.
export function news2(patient: JsonObject): JsonObject {
  const label = 'scores.news2';
  const r = new PatientReader(patient, label);
  const scale = patient.spo2_scale === 2 ? 2 : 1;
  if (patient.spo2_scale !== undefined && patient.spo2_scale !== 1 && patient.spo2_scale !== 2) {
    throw new ArgumentError(`${label}: patient field 'spo2_scale' must be 1 or 2, got ${JSON.stringify(patient.spo2_scale)}`);
  }
  const rr = r.number('rr');
  const spo2 = r.number('spo2');
  const onOxygen = r.boolean('on_oxygen');
  const bp = r.number('bp');
  const hr = r.number('hr');
  const temp = r.number('temp');
  const components = {
    respiration_rate: rr <= 8 ? 3 : rr <= 11 ? 1 : rr <= 20 ? 0 : rr <= 24 ? 2 : 3,
    spo2: scale === 1 ? (spo2 <= 91 ? 3 : spo2 <= 93 ? 2 : spo2 <= 95 ? 1 : 0) : scale2(spo2, onOxygen),
    air_or_oxygen: onOxygen ? 2 : 0,
    systolic_bp: bp <= 90 ? 3 : bp <= 100 ? 2 : bp <= 110 ? 1 : bp <= 219 ? 0 : 3,
    pulse: hr <= 40 ? 3 : hr <= 50 ? 1 : hr <= 90 ? 0 : hr <= 110 ? 1 : hr <= 130 ? 2 : 3,
    consciousness: isAlert(r, label) ? 0 : 3,
    temperature: temp <= 35 ? 3 : temp <= 36 ? 1 : temp <= 38 ? 0 : temp <= 39 ? 1 : 2,
  };
  const values = Object.values(components);
  const score = values.reduce((a, b) => a + b, 0);
  const single = values.includes(3);
  const risk = score >= 7 ? 'HIGH' : score >= 5 ? 'MEDIUM' : single ? 'LOW-MEDIUM' : 'LOW';
  return { type: 'SCORE', scoring: 'NEWS2', score, max_score: 20, components, risk, action: NEWS2_ACTION[risk]!, spo2_scale: scale, single_parameter_3: single };
}

function scale2(spo2: number, onOxygen: boolean): number {
  if (spo2 <= 83) return 3;
  if (spo2 <= 85) return 2;
  if (spo2 <= 87) return 1;
  if (spo2 <= 92 || !onOxygen) return 0;
  return spo2 <= 94 ? 1 : spo2 <= 96 ? 2 : 3;
}

/** Urea in mmol/L: `urea`, else `bun` (mg/dL) / 2.8. */
function urea(r: PatientReader, label: string): number {
  if (r.has('urea')) return r.number('urea');
  if (r.has('bun')) return r.number('bun') / 2.8;
  throw new ArgumentError(`${label}: patient field 'urea' (mmol/L) or 'bun' (mg/dL, urea nitrogen) is required`);
}

const CURB_MORTALITY = ['0.7%', '3.2%', '13%', '17%', '41.5%', '57%'];

// CURB-65 (Lim et al., Thorax 2003;58:377-382): urea > 7 mmol/L exactly as Lim defines it.
export function curb65(patient: JsonObject): JsonObject {
  const label = 'scores.curb65';
  const r = new PatientReader(patient, label);
  const confusion = r.has('confusion') ? r.boolean('confusion') : r.number('gcs') < 15;
  const bp = r.number('bp');
  const lowPressure = bp < 90 || r.number('diastolic_bp') <= 60;
  const components = {
    confusion: confusion ? 1 : 0,
    urea: above(urea(r, label), 7) ? 1 : 0,
    respiratory_rate: r.number('rr') >= 30 ? 1 : 0,
    blood_pressure: lowPressure ? 1 : 0,
    age_65: r.number('age') >= 65 ? 1 : 0,
  };
  const score = Object.values(components).reduce((a, b) => a + b, 0);
  const risk = score <= 1 ? 'LOW' : score === 2 ? 'MODERATE' : 'HIGH';
  const recommendation =
    score <= 1 ? 'Consider outpatient care.' : score === 2 ? 'Consider a short admission or supervised outpatient care.' : `Admit to hospital${score >= 4 ? ' and assess for intensive care' : ''}.`;
  return { type: 'SCORE', scoring: 'CURB-65', score, max_score: 5, components, risk, mortality: CURB_MORTALITY[score]!, recommendation };
}

// Glasgow-Blatchford (Blatchford et al., Lancet 2000;356:1318-1321; action thresholds Stanley et al., BMJ 2017;356:i6432).
export function glasgowBlatchford(patient: JsonObject): JsonObject {
  const label = 'scores.glasgow_blatchford';
  const r = new PatientReader(patient, label);
  const u = urea(r, label);
  const hb = r.number('hemoglobin');
  const sex = normalizeSex(patient.sex, label, "patient field 'sex'");
  const bp = r.number('bp');
  const hemoglobin = sex === 'M' ? (atLeast(hb, 13) ? 0 : atLeast(hb, 12) ? 1 : atLeast(hb, 10) ? 3 : 6) : atLeast(hb, 12) ? 0 : atLeast(hb, 10) ? 1 : 6;
  const components = {
    urea: atLeast(u, 25) ? 6 : atLeast(u, 10) ? 4 : atLeast(u, 8) ? 3 : atLeast(u, 6.5) ? 2 : 0,
    hemoglobin,
    systolic_bp: bp >= 110 ? 0 : bp >= 100 ? 1 : bp >= 90 ? 2 : 3,
    pulse: r.number('hr') >= 100 ? 1 : 0,
    melena: r.boolean('melena') ? 1 : 0,
    syncope: r.boolean('syncope') ? 2 : 0,
    liver_disease: r.boolean('liver_disease') ? 2 : 0,
    cardiac_failure: r.boolean('chf') ? 2 : 0,
  };
  const score = Object.values(components).reduce((a, b) => a + b, 0);
  const risk = score === 0 ? 'VERY LOW' : score === 1 ? 'LOW' : score <= 6 ? 'MODERATE' : 'HIGH';
  const recommendation =
    score <= 1 ? 'Outpatient management can be considered.' : score <= 6 ? 'Admit for assessment and endoscopy.' : 'Likely to need endoscopic intervention: urgent endoscopy.';
  return { type: 'SCORE', scoring: 'Glasgow-Blatchford', score, max_score: 23, components, risk, recommendation };
}
