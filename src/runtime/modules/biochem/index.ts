// modules.md §12: enzyme kinetics, metabolic pathway facts, buffer pH, osmolality and anion gap.
import type { FunctionSpec, ModuleDef, ParamSpec } from '../types.js';
import { anionGap, phBuffer, serumOsmolality } from './acid-base.js';
import { competitiveInhibition, getEnzyme, lineweaverBurk, michaelisMenten } from './kinetics.js';
import { atpYield, getPathway } from './pathways.js';
import { ENZYMES } from './tables.js';
import { deltaGapFunction } from './delta-gap.js';
import { BIOCHEM_RESULTS } from './results.js';

const fn = (spec: Omit<FunctionSpec, 'state'>): FunctionSpec => ({ ...spec, state: 'none' });
const n = (v: unknown): number => v as number;
const s = (v: unknown): string => v as string;
const ENZYME: ParamSpec = { name: 'enzyme_name', type: 'string', maxLength: 200, description: 'enzyme name or alias (LDH, Trypsin, Xanthine_Oxidase, …)' };
const mM = (name: string, description: string, strict: boolean): ParamSpec => ({ name, type: 'number', unit: 'mM', ...(strict ? { exclusiveMinimum: 0 } : { minimum: 0 }), maximum: 1e6, description });
const mmol = (name: string, description: string, minimum: number, maximum: number): ParamSpec => ({ name, type: 'number', unit: 'mmol/L', minimum, maximum, description });
const MM = 'Michaelis & Menten, Biochem Z 1913; Briggs & Haldane, Biochem J 1925';
const TABLES = 'enzyme identities: ExPASy ENZYME 27.0 (2001); kinetic constants: one paper per enzyme (organism and substrate named)';
const LEHNINGER = 'Nelson & Cox, Lehninger Principles of Biochemistry, 8th ed., 2021';

const biochem: ModuleDef = {
  name: 'biochem',
  description: 'Enzyme kinetics, metabolic pathway facts, buffer pH, serum osmolality and anion gap.',
  functions: [
    fn({
      name: 'michaelis_menten',
      description: 'Michaelis–Menten rate at a substrate concentration, on published constants; velocity is null where the source gives no Vmax.',
      params: [ENZYME, mM('substrate_conc', 'substrate concentration', false)],
      result: BIOCHEM_RESULTS.michaelis_menten!,
      sources: [MM, TABLES],
      impl: (a) => michaelisMenten(s(a.enzyme_name), n(a.substrate_conc)),
    }),
    fn({
      name: 'lineweaver_burk',
      description: 'Double-reciprocal (Lineweaver–Burk) points and line for the given substrate concentrations.',
      params: [ENZYME, { name: 'substrate_concs', type: 'array', items: { type: 'number', exclusiveMinimum: 0 }, minItems: 1, maxItems: 1000, unit: 'mM', description: 'substrate concentrations, each > 0' }],
      result: BIOCHEM_RESULTS.lineweaver_burk!,
      sources: ['Lineweaver & Burk, J Am Chem Soc 1934;56:658-666', TABLES],
      impl: (a) => lineweaverBurk(s(a.enzyme_name), a.substrate_concs as number[]),
    }),
    fn({
      name: 'competitive_inhibition',
      aliases: ['enzyme_inhibition'],
      description: 'Competitive inhibition: apparent Km, inhibited and uninhibited rates, percent inhibition. Ki is required.',
      params: [ENZYME, mM('substrate_conc', 'substrate concentration', true), mM('inhibitor_conc', 'inhibitor concentration', false), mM('ki', 'inhibition constant Ki', true)],
      result: BIOCHEM_RESULTS.competitive_inhibition!,
      sources: [MM, TABLES],
      impl: (a) => competitiveInhibition(s(a.enzyme_name), n(a.substrate_conc), n(a.inhibitor_conc), n(a.ki)),
    }),
    fn({
      name: 'get_pathway',
      aliases: ['pathway_lookup'],
      description: 'A metabolic pathway: location, steps and net yields per glucose, acetyl-CoA, cycle, ….',
      params: [{ name: 'name', type: 'string', maxLength: 200, description: 'pathway name or alias (glycolysis, krebs, tca cycle, …)' }],
      result: BIOCHEM_RESULTS.get_pathway!,
      sources: [LEHNINGER],
      impl: (a) => getPathway(s(a.name)),
    }),
    fn({
      name: 'atp_yield',
      description: 'ATP from a pathway: substrate-level ATP plus NADH × 2.5 and FADH2 × 1.5, times the number of cycles.',
      params: [
        { name: 'pathway_name', type: 'string', maxLength: 200, description: 'pathway name or alias' },
        { name: 'cycles', type: 'integer', default: 1, minimum: 1, maximum: 1000, description: 'how many times the pathway runs (per its `per`)' },
      ],
      result: BIOCHEM_RESULTS.atp_yield!,
      sources: [LEHNINGER, 'Hinkle, Biochim Biophys Acta 2005;1706:1-11 (P/O ratios)'],
      impl: (a) => atpYield(s(a.pathway_name), n(a.cycles)),
    }),
    fn({
      name: 'get_enzyme',
      description: 'An enzyme: EC number, accepted name and reaction, and its published kinetic constants where held (null otherwise).',
      params: [{ name: 'name', type: 'string', maxLength: 200, description: 'enzyme name or alias' }],
      result: BIOCHEM_RESULTS.get_enzyme!,
      sources: [TABLES],
      impl: (a) => getEnzyme(s(a.name)),
    }),
    fn({
      name: 'list_enzymes',
      description: 'The enzyme names, in table order.',
      params: [],
      result: { bare: 'array', description: 'the enzyme names in table order', items: { type: 'string', description: 'an enzyme name' } },
      sources: [TABLES],
      impl: () => ENZYMES.map((e) => e.name),
    }),
    fn({
      name: 'ph_buffer',
      description: 'Henderson–Hasselbalch buffer pH.',
      params: [
        { name: 'pka', type: 'number', minimum: -5, maximum: 20, description: 'pKa of the weak acid' },
        mM('acid_conc', 'weak acid concentration', true),
        mM('base_conc', 'conjugate base concentration', true),
      ],
      result: { bare: 'number', description: 'pH = pKa + log10(base/acid)' },
      sources: ['Henderson, Am J Physiol 1908; Hasselbalch, Biochem Z 1917'],
      impl: (a) => phBuffer(n(a.pka), n(a.acid_conc), n(a.base_conc)),
    }),
    fn({
      name: 'serum_osmolality',
      description: 'Calculated serum osmolality 2·Na + glucose/18 + BUN/2.8 and, with a measured value, the osmolal gap.',
      params: [
        mmol('sodium', 'serum sodium', 90, 200),
        { name: 'glucose', type: 'number', unit: 'mg/dL', minimum: 5, maximum: 3000, description: 'plasma glucose' },
        { name: 'bun', type: 'number', unit: 'mg/dL', minimum: 1, maximum: 300, description: 'blood urea nitrogen' },
        { name: 'measured_osm', type: ['number', 'null'], default: null, unit: 'mOsm/kg', minimum: 150, maximum: 600, description: 'measured osmolality, for the osmolal gap' },
      ],
      result: BIOCHEM_RESULTS.serum_osmolality!,
      sources: ['Dorwart & Chalmers, Clin Chem 1975;21:190-194'],
      impl: (a) => serumOsmolality(n(a.sodium), n(a.glucose), n(a.bun), a.measured_osm as number | null),
    }),
    fn({
      name: 'anion_gap',
      description: 'Anion gap Na − (Cl + HCO3), albumin-corrected when albumin is given; normal 8–12 mEq/L (analyser-dependent).',
      params: [
        mmol('sodium', 'serum sodium', 90, 200),
        mmol('chloride', 'serum chloride', 50, 150),
        mmol('bicarb', 'serum bicarbonate', 1, 80),
        { name: 'albumin', type: ['number', 'null'], default: null, unit: 'g/dL', minimum: 0.5, maximum: 7, description: 'serum albumin, for the corrected gap' },
      ],
      result: BIOCHEM_RESULTS.anion_gap!,
      sources: ['Kraut & Madias, Clin J Am Soc Nephrol 2007;2:162-174', 'Figge et al., Crit Care Med 1998;26:1807-1810'],
      impl: (a) => anionGap(n(a.sodium), n(a.chloride), n(a.bicarb), a.albumin as number | null),
    }),
    deltaGapFunction,
  ],
};

export default biochem;
