// modules.md §3: bedside severity scores. Each takes the patient first (MOISSCode order).
import { ArgumentError, type FunctionSpec, type JsonObject, type ModuleDef, type RecordResultSpec } from '../types.js';
import { patientCriteria, rejectUnknownFields } from './fields.js';
import { QSOFA_RECORD, SCORE_RESULTS, SOFA_RECORD } from './results.js';
import { PatientReader } from '../util/patient.js';
import { atLeast, below } from '../util/threshold.js';
import { pyRound } from '../../../util/round.js';
import { cha2ds2Vasc, framingham, heartScore, wellsPe } from './cardio.js';
import { childPugh, meld } from './liver.js';
import { isAlert } from './consciousness.js';
import { apacheII, sofa } from './organ.js';
import { curb65, glasgowBlatchford, news2 } from './ward.js';
import { patientCalculators, plainCalculators } from './calculators.js';

// qSOFA (Seymour et al., JAMA 2016; Singer et al., Sepsis-3, JAMA 2016): RR ≥ 22, SBP ≤ 100, altered mentation.
export function qsofa(patient: JsonObject, detail: boolean): JsonObject | number {
  const label = 'scores.qsofa';
  const reader = new PatientReader(patient, label);
  const components = {
    rr: reader.number('rr') >= 22 ? 1 : 0,
    bp: reader.number('bp') <= 100 ? 1 : 0,
    mentation: isAlert(reader, label) ? 0 : 1,
  };
  const score = components.rr + components.bp + components.mentation;
  if (!detail) return score;
  return { type: 'SCORE', scoring: 'qSOFA', score, max_score: 3, components, positive: score >= 2 };
}

const KDIGO_RISK = ['NO AKI', 'Stage 1 AKI', 'Stage 2 AKI', 'Stage 3 AKI'];
const KDIGO_MANAGEMENT = [
  'No AKI by the criteria evaluated; keep monitoring creatinine and urine output if at risk.',
  'Stage 1: find and treat the cause, stop nephrotoxins, optimise volume and perfusion, monitor creatinine and urine output.',
  'Stage 2: as stage 1, adjust drug doses to kidney function and consider ICU review.',
  'Stage 3: as stage 2, evaluate for renal replacement therapy and avoid subclavian lines.',
];
const WINDOW_NOTE = ' KDIGO windows (rise within 48 h, ratio within 7 days) are the caller\'s responsibility.';

/** Which KDIGO criterion sets this patient has data for. */
export function kdigoCriteriaAvailable(patient: JsonObject): { creatinine: boolean; urineOutput: boolean; rrt: boolean } {
  const reader = new PatientReader(patient, 'scores.kdigo_aki');
  return {
    creatinine: reader.has('creatinine') && reader.has('baseline_creatinine'),
    urineOutput: reader.has('urine_output_ml_kg_hr') && reader.has('urine_output_hours'),
    rrt: patient.on_rrt === true,
  };
}

// KDIGO Clinical Practice Guideline for Acute Kidney Injury, Kidney Int Suppl 2012 (stages by creatinine and urine output).
export function kdigoAki(patient: JsonObject): JsonObject {
  const label = 'scores.kdigo_aki';
  const reader = new PatientReader(patient, label);
  const criteria: string[] = [];
  let creatinineStage = 0;
  let ratio: number | null = null;
  if (reader.has('creatinine')) {
    const creatinine = reader.number('creatinine');
    const baseline = reader.number('baseline_creatinine');
    ratio = creatinine / baseline;
    const stageOneRise = atLeast(ratio, 1.5) || atLeast(creatinine - baseline, 0.3);
    if (atLeast(ratio, 3) || (atLeast(creatinine, 4) && stageOneRise)) creatinineStage = 3;
    else if (atLeast(ratio, 2)) creatinineStage = 2;
    else if (stageOneRise) creatinineStage = 1;
    criteria.push('creatinine');
  }
  let urineStage = 0;
  if (reader.has('urine_output_ml_kg_hr')) {
    const rate = reader.number('urine_output_ml_kg_hr');
    const hours = reader.number('urine_output_hours');
    if ((below(rate, 0.3) && atLeast(hours, 24)) || (rate === 0 && atLeast(hours, 12))) urineStage = 3;
    else if (below(rate, 0.5) && atLeast(hours, 12)) urineStage = 2;
    else if (below(rate, 0.5) && atLeast(hours, 6)) urineStage = 1;
    criteria.push('urine_output');
  }
  const rrt = reader.optionalBoolean('on_rrt');
  if (rrt !== null) criteria.push('rrt');
  if (criteria.length === 0 || (criteria.length === 1 && rrt === false)) {
    throw new ArgumentError(
      `${label}: send creatinine and baseline_creatinine (mg/dL), or urine_output_ml_kg_hr and urine_output_hours, or on_rrt`,
    );
  }
  const rrtStage = rrt === true ? 3 : 0;
  const stage = Math.max(creatinineStage, urineStage, rrtStage);
  return {
    type: 'SCORE',
    scoring: 'KDIGO-AKI',
    score: stage,
    max_score: 3,
    components: { creatinine: creatinineStage, urine_output: urineStage, rrt: rrtStage },
    stage,
    creatinine_ratio: ratio === null ? null : pyRound(ratio, 2),
    risk: KDIGO_RISK[stage]!,
    criteria_evaluated: criteria,
    management: KDIGO_MANAGEMENT[stage]! + WINDOW_NOTE,
  };
}

const patientParam = { name: 'patient', type: 'patient', description: 'the patient: the fields listed below, in the units of the language reference' } as const;
const detailParam = { name: 'detail', type: 'boolean', default: false, description: 'return the SCORE record instead of the bare integer' } as const;

/** The SCORE record results.ts declares for a score; a score without one is a defect found at start-up. */
function declaredResult(name: string): RecordResultSpec {
  const result = SCORE_RESULTS[name];
  if (!result) throw new Error(`scores.${name}: declare its result in scores/results.ts`);
  return result;
}

/** A score over the patient alone, returning the SCORE record results.ts declares for it. */
function patientScore(
  name: string,
  description: string,
  sources: readonly string[],
  impl: (patient: JsonObject) => JsonObject,
  aliases?: readonly string[],
): ModuleDef['functions'][number] {
  return {
    name,
    ...(aliases ? { aliases } : {}),
    description,
    params: [patientParam],
    result: declaredResult(name),
    state: 'none',
    sources,
    impl: (args) => impl(args.patient as JsonObject),
  };
}

/** Every score first refuses patient fields nobody reads (modules.md §1.3), then scores; the reference lists the fields it reads. */
function strict(spec: FunctionSpec): FunctionSpec {
  return {
    ...spec,
    patientFields: patientCriteria(spec.name),
    impl: (args, ctx) => (rejectUnknownFields(args.patient as JsonObject, spec.name), spec.impl(args, ctx)),
  };
}

const scores: ModuleDef = {
  name: 'scores',
  description: 'Bedside severity and risk scores, the Glasgow Coma Scale and pregnancy dating.',
  functions: ([
    {
      name: 'qsofa',
      description: 'quick SOFA: one point each for RR ≥ 22, SBP ≤ 100 and altered mentation; positive at ≥ 2.',
      params: [patientParam, detailParam],
      result: { bare: 'integer', description: 'qSOFA points, 0 to 3', record: QSOFA_RECORD },
      state: 'none',
      sources: ['Seymour et al., JAMA 2016;315:762-774', 'Singer et al., Sepsis-3, JAMA 2016;315:801-810'],
      impl: (args) => qsofa(args.patient as JsonObject, args.detail as boolean),
    },
    {
      name: 'sofa',
      description: 'Sequential Organ Failure Assessment, 0–24, from six organ systems (all six needed).',
      params: [patientParam, detailParam],
      result: { bare: 'integer', description: 'SOFA points, 0 to 24', record: SOFA_RECORD },
      state: 'none',
      sources: ['Vincent et al., Intensive Care Med 1996;22:707-710'],
      impl: (args) => sofa(args.patient as JsonObject, args.detail as boolean),
    },
    patientScore('news2', 'National Early Warning Score 2 with risk band and action.', ['Royal College of Physicians, National Early Warning Score (NEWS) 2, 2017'], news2),
    patientScore(
      'cha2ds2_vasc',
      'Stroke risk in atrial fibrillation; risk and recommendation exclude the sex point.',
      ['Lip et al., Chest 2010;137:263-272', 'Hindricks et al., 2020 ESC Guidelines for atrial fibrillation, Eur Heart J 2021;42:373-498'],
      cha2ds2Vasc,
      ['cha2ds2vasc'],
    ),
    patientScore('heart_score', 'HEART score for chest pain: 6-week major adverse cardiac events.', ['Six et al., Neth Heart J 2008;16:191-196', 'Backus et al., Int J Cardiol 2013;168:2153-2158'], heartScore),
    {
      name: 'framingham',
      description: 'Framingham general cardiovascular 10-year risk (Cox model).',
      params: [patientParam],
      result: SCORE_RESULTS.framingham!,
      state: 'none',
      sources: ["D'Agostino et al., Circulation 2008;117:743-753"],
      impl: (args) => framingham(args.patient as JsonObject),
    },
    {
      name: 'meld',
      description: 'MELD, MELD-Na (OPTN 2016) and MELD 3.0 with 3-month mortality.',
      params: [patientParam],
      result: SCORE_RESULTS.meld!,
      state: 'none',
      sources: ['OPTN policy 9.1 (2016)', 'Kim et al., NEJM 2008;359:1018-1026', 'Kim et al., Gastroenterology 2021;161:1887-1895', 'Wiesner et al., Gastroenterology 2003;124:91-96'],
      impl: (args) => meld(args.patient as JsonObject),
    },
    patientScore('child_pugh', 'Child-Pugh class of cirrhosis with survival figures.', ['Pugh et al., Br J Surg 1973;60:646-649'], childPugh),
    patientScore('curb65', 'CURB-65 severity of community-acquired pneumonia.', ['Lim et al., Thorax 2003;58:377-382'], curb65),
    patientScore('wells_pe', 'Wells criteria for pulmonary embolism (three-tier and two-tier).', ['Wells et al., Thromb Haemost 2000;83:416-420'], wellsPe),
    patientScore(
      'glasgow_blatchford',
      'Glasgow-Blatchford bleeding score for upper GI haemorrhage.',
      ['Blatchford et al., Lancet 2000;356:1318-1321', 'Stanley et al., BMJ 2017;356:i6432'],
      glasgowBlatchford,
    ),
    {
      name: 'kdigo_aki',
      description: 'KDIGO acute kidney injury stage from creatinine against baseline, urine output and renal replacement therapy.',
      params: [patientParam],
      result: SCORE_RESULTS.kdigo_aki!,
      state: 'none',
      sources: ['KDIGO Clinical Practice Guideline for Acute Kidney Injury, Kidney Int Suppl 2012;2:1-138'],
      impl: (args) => kdigoAki(args.patient as JsonObject),
    },
    patientScore('apache_ii', 'APACHE II: acute physiology, age and chronic health points.', ['Knaus et al., Crit Care Med 1985;13:818-829'], apacheII),
    ...patientCalculators,
  ] satisfies FunctionSpec[]).map(strict).concat(plainCalculators),
};

export default scores;
