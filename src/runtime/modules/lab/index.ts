// modules.md §5: laboratory interpretation against reference intervals and critical limits, panels,
// eGFR (CKD-EPI 2021) and blood gases. Stateless.
import { abgInterpret, gfr } from './kidney-gas.js';
import { findPanel, interpretPanel, interpretValue, labTable, optionalSex, testsOfPanel } from './reference.js';
import { LAB_RESULTS } from './results.js';
import { ArgumentError, type JsonObject, type ModuleDef, type ParamSpec } from '../types.js';
import type { PackKind } from '../../packs/types.js';
import { labRangesKind } from './ranges-pack.js';
import { labCalculators } from './calculators.js';
import { checkedCreatinine, creatinineParam, creatinineUnitParam } from '../util/calc-units.js';

const TABLE_SOURCE = `${labTable.name} ${labTable.version}: ${labTable.source}`;
const sexParam: ParamSpec = { name: 'sex', type: ['string', 'null'], default: null, maxLength: 200, description: 'M, F, male or female; null → both sexes\' ranges combined' };
const ageParam: ParamSpec = { name: 'age', type: ['number', 'null'], unit: 'years', default: null, minimum: 0, maximum: 150, description: "patient's age; needed where the installed laboratory's ranges depend on age" };
const unitParam: ParamSpec = {
  name: 'unit',
  type: ['string', 'null'],
  default: null,
  maxLength: 50,
  description: "the unit the value is in (ng/mL, ng/L, mg/dL, mmol/L, …); converted to the test's unit, an incommensurable one is an error; null → the value is in the test's unit, unless it cannot be (troponin 0.05, a WBC of 7500): then flag UNIT_AMBIGUOUS names both readings",
};
const assayParam: ParamSpec = { name: 'assay', type: ['string', 'null'], default: null, maxLength: 200, description: 'the assay that measured the value, where limits are assay-specific (troponin)' };
const LAB_PACK_SOURCE = "a laboratory's own ranges and critical limits where the operator installed a 'lab-ranges' data pack (results name it in range_source and data_pack)";

function panelOrError(name: string, label: string): string {
  const panel = findPanel(name);
  if (!panel) throw new ArgumentError(`${label}: argument 1 'panel' ${JSON.stringify(name)} is not a panel; panels: ${labTable.panels.join(', ')}`);
  return panel;
}

const optionalNumber = (name: string, unit: string, description: string, minimum: number, maximum: number) =>
  ({ name, type: 'number', unit, default: null, minimum, maximum, description }) as const;

const lab: ModuleDef = {
  packKinds: [labRangesKind as PackKind],
  name: 'lab',
  description: 'Laboratory interpretation: reference intervals and critical limits, panels, eGFR (CKD-EPI 2021, MDRD), creatinine clearance, blood gases, electrolyte corrections, FENa and calculated LDL.',
  functions: [
    {
      name: 'interpret',
      description: 'Flags a value against its reference interval and critical limits.',
      params: [
        { name: 'test_name', type: 'string', maxLength: 200, description: 'test name or alias (Plt, Creatinine, K, …)' },
        { name: 'value', type: 'number', description: "value in the test's unit" },
        sexParam,
        ageParam,
        assayParam,
        unitParam,
      ],
      result: LAB_RESULTS.interpret!,
      state: 'none',
      sources: [TABLE_SOURCE, LAB_PACK_SOURCE],
      impl: (a) =>
        interpretValue(a.test_name as string, a.value as number, { sex: optionalSex(a.sex!, 'lab.interpret', 3), age: a.age as number | null, assay: a.assay as string | null }, 'lab.interpret', a.unit as string | null),
    },
    {
      name: 'panel',
      aliases: ['interpret_panel'],
      description: 'Interprets a panel of values: panel tests in panel order, then other known tests.',
      params: [
        { name: 'panel_name', type: 'string', maxLength: 200, description: 'CBC, BMP, CMP, LFT, COAG, ABG, …' },
        { name: 'values', type: 'object', description: 'test name → value' },
        sexParam,
        ageParam,
      ],
      result: LAB_RESULTS.panel!,
      state: 'none',
      sources: [TABLE_SOURCE, LAB_PACK_SOURCE],
      impl: (a) => interpretPanel(a.panel_name as string, a.values as JsonObject, { sex: optionalSex(a.sex!, 'lab.panel', 3), age: a.age as number | null, assay: null }),
    },
    {
      name: 'gfr',
      description: 'Estimated GFR by the race-free CKD-EPI 2021 creatinine equation, with the KDIGO G stage.',
      params: [
        creatinineParam(),
        { name: 'age', type: 'number', unit: 'years', minimum: 18, maximum: 120, description: 'age (the equation is for adults)' },
        { name: 'sex', type: 'string', maxLength: 200, description: 'M, F, male or female' },
        { name: 'race', type: ['string', 'null'], default: null, maxLength: 200, description: 'accepted for MOISSCode protocols and ignored' },
        creatinineUnitParam,
      ],
      result: LAB_RESULTS.gfr!,
      state: 'none',
      sources: ['Inker et al., NEJM 2021;385:1737-1749', 'KDIGO 2012 CKD guideline, Kidney Int Suppl 2013;3:1-150'],
      impl: (a) => gfr(checkedCreatinine(a.creatinine as number, a.creatinine_unit as string, 'lab.gfr'), a.age as number, a.sex, a.race, a.creatinine_unit as string),
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
      result: LAB_RESULTS.abg_interpret!,
      state: 'none',
      sources: ['Albert, Dell & Winters, Ann Intern Med 1967;66:312-322', 'Berend, de Vries & Gans, NEJM 2014;371:1434-1445', 'Figge et al., Crit Care Med 1998;26:1807-1810'],
      impl: (a) => abgInterpret(a.ph as number, a.pco2 as number, a.hco3 as number, a.sodium as number | null, a.chloride as number | null, a.albumin as number | null),
    },
    {
      name: 'list_tests',
      description: 'Canonical test names in table order, optionally of one panel.',
      params: [{ name: 'panel', type: ['string', 'null'], default: null, maxLength: 200, description: 'a panel from list_panels' }],
      result: { bare: 'array', description: 'canonical test names in table order', items: { type: 'string', description: 'a canonical test name' } },
      state: 'none',
      sources: [TABLE_SOURCE],
      impl: (a) => {
        const panel = a.panel as string | null;
        return (panel === null ? labTable.tests : testsOfPanel(panelOrError(panel, 'lab.list_tests'))).map((t) => t.canonical);
      },
    },
    {
      name: 'list_panels',
      description: 'Panel names in table order.',
      params: [],
      result: { bare: 'array', description: 'panel names in table order', items: { type: 'string', description: 'a panel name' } },
      state: 'none',
      sources: [TABLE_SOURCE],
      impl: () => [...labTable.panels],
    },
    ...labCalculators,
  ],
};

export default lab;
