// modules.md §5: laboratory interpretation. This build carries the formula functions (eGFR, blood gas);
// the reference-range table behind interpret, panel and the test lists is not shipped yet, because
// every range must come from a cited source (see the closing note of the Library I issue).
import { abgInterpret, gfr } from './lab/kidney-gas.js';
import type { ModuleDef } from './types.js';

const optionalNumber = (name: string, unit: string, description: string, minimum: number, maximum: number) =>
  ({ name, type: 'number', unit, default: null, minimum, maximum, description }) as const;

const lab: ModuleDef = {
  name: 'lab',
  description: 'Laboratory interpretation: eGFR (CKD-EPI 2021) and arterial blood gases.',
  functions: [
    {
      name: 'gfr',
      description: 'Estimated GFR by the race-free CKD-EPI 2021 creatinine equation, with the KDIGO G stage.',
      params: [
        { name: 'creatinine', type: 'number', unit: 'mg/dL', minimum: 0.1, maximum: 30, description: 'serum creatinine' },
        { name: 'age', type: 'number', unit: 'years', minimum: 18, maximum: 120, description: 'age (the equation is for adults)' },
        { name: 'sex', type: 'string', maxLength: 200, description: 'M, F, male or female' },
        { name: 'race', type: ['string', 'null'], default: null, maxLength: 200, description: 'accepted for MOISSCode protocols and ignored' },
      ],
      result: { type: 'LAB_GFR', fields: ['type', 'eGFR', 'unit', 'stage', 'stage_label', 'equation', 'sex', 'race_ignored'] },
      state: 'none',
      sources: ['Inker et al., NEJM 2021;385:1737-1749', 'KDIGO 2012 CKD guideline, Kidney Int Suppl 2013;3:1-150'],
      impl: (a) => gfr(a.creatinine as number, a.age as number, a.sex, a.race),
    },
    {
      name: 'abg_interpret',
      description: 'Primary acid–base disorder, expected compensation, Henderson–Hasselbalch check and anion gap.',
      params: [
        { name: 'ph', type: 'number', minimum: 6.5, maximum: 8.0, description: 'arterial pH' },
        { name: 'pco2', type: 'number', unit: 'mmHg', minimum: 5, maximum: 200, description: 'arterial pCO2' },
        { name: 'hco3', type: 'number', unit: 'mmol/L', minimum: 1, maximum: 80, description: 'bicarbonate' },
        optionalNumber('sodium', 'mmol/L', 'serum sodium, for the anion gap', 90, 200),
        optionalNumber('chloride', 'mmol/L', 'serum chloride, for the anion gap', 50, 150),
        optionalNumber('albumin', 'g/dL', 'serum albumin, to correct the anion gap', 0.5, 7),
      ],
      result: {
        type: 'LAB_ABG',
        fields: ['type', 'ph', 'pco2', 'hco3', 'primary_disorder', 'compensation', 'expected', 'consistent', 'calculated_ph', 'anion_gap', 'anion_gap_corrected'],
      },
      state: 'none',
      sources: ['Albert, Dell & Winters, Ann Intern Med 1967;66:312-322', 'Berend, de Vries & Gans, NEJM 2014;371:1434-1445', 'Figge et al., Crit Care Med 1998;26:1807-1810'],
      impl: (a) => abgInterpret(a.ph as number, a.pco2 as number, a.hco3 as number, a.sodium as number | null, a.chloride as number | null, a.albumin as number | null),
    },
  ],
};

export default lab;
