// DKA and hypoglycaemia classification.
import type { JsonObject } from '../types.js';

// DKA diagnosis and severity: Umpierrez et al., consensus report, Diabetes Care 2024;47:1257-1275.
export function dkaCheck(glucose: number, ph: number, bicarb: number, ketones: number, knownDiabetes: boolean): JsonObject {
  const findings: string[] = [];
  const d = glucose >= 200 || knownDiabetes;
  const k = ketones >= 3.0;
  const a = ph < 7.3 || bicarb < 18;
  if (d) findings.push(glucose >= 200 ? `glucose ${glucose} mg/dL ≥ 200` : 'known diabetes');
  if (k) findings.push(`β-hydroxybutyrate ${ketones} mmol/L ≥ 3.0`);
  if (a) findings.push(ph < 7.3 ? `pH ${ph} < 7.3` : `bicarbonate ${bicarb} mmol/L < 18`);
  const dka = d && k && a;
  const severity = !dka ? null : ph < 7.0 || bicarb < 10 ? 'SEVERE' : ph <= 7.25 || bicarb < 15 ? 'MODERATE' : 'MILD';
  const management = dka
    ? 'Diabetic ketoacidosis: IV fluids, IV insulin after potassium is known to be ≥ 3.5 mmol/L, potassium replacement, and search for the precipitant.'
    : 'DKA criteria not met; reassess if ketones, pH or bicarbonate worsen.';
  return { type: 'GLUCOSE_DKA', glucose, ph, bicarb, ketones, criteria_met: findings.length, findings, diagnosis: dka ? 'DKA' : 'NOT_DKA', severity, management };
}

// Hypoglycaemia levels: ADA Standards of Care 2024 §6; International Hypoglycaemia Study Group, Diabetes Care 2017.
export function hypoCheck(glucose: number, assistanceRequired: boolean): JsonObject {
  const [level, severity, action] = assistanceRequired
    ? [3, 'SEVERE', 'Severe hypoglycaemia: glucagon or IV glucose now; the patient needs assistance.']
    : glucose < 54
      ? [2, 'CLINICALLY_SIGNIFICANT', 'Give 15–20 g fast-acting glucose, recheck in 15 minutes, repeat until ≥ 70 mg/dL.']
      : glucose < 70
        ? [1, 'ALERT_VALUE', 'Give 15 g fast-acting glucose and recheck in 15 minutes.']
        : [0, 'NORMAL', 'No hypoglycaemia.'];
  return { type: 'GLUCOSE_HYPO', glucose, level, severity, action };
}
