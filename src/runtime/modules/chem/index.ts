// modules.md §7: small-molecule property checks. Per-run state: compounds added with register_compound.
import { pyRound } from '../../../util/round.js';
import {
  allCompounds,
  compoundTableInfo,
  findCompound,
  lookupRecord,
  registerCompound,
  rowProblems,
  suggestCompounds,
  type Compound,
} from './compounds.js';
import { atomicWeights, FormulaError, formulaWeight, parseFormula } from './formula.js';
import { admetScreen, bcsClassify, lipinskiCheck, toxScreen } from './rules.js';
import { CHEM_RESULTS, COMPOUND_LIST_ITEM } from './results.js';
import { fromSmiles, SmilesError } from './smiles.js';
import { ArgumentError, type CallContext, type FunctionSpec, type JsonObject, type JsonValue, type ModuleDef, type ParamSpec } from '../types.js';

const fn = (spec: Omit<FunctionSpec, 'state'> & { state?: FunctionSpec['state'] }): FunctionSpec => ({ state: 'none', ...spec });
const compoundName: ParamSpec = { name: 'compound_name', type: 'string', maxLength: 200, description: 'compound name or alias' };
const number = (name: string, description: string, extra: Partial<ParamSpec> = {}): ParamSpec => ({ name, type: 'number', description, ...extra });
const count = (name: string, description: string): ParamSpec => ({ name, type: 'integer', minimum: 0, description });
const TABLE_SOURCE = `${compoundTableInfo.name} ${compoundTableInfo.version}: ${compoundTableInfo.source}`;
const SCREEN_METHOD = 'MOISSCode heuristic screening score (no clinical validation)';

function level(value: JsonValue, label: string, position: number, name: string): 'high' | 'low' {
  const v = String(value).trim().toLowerCase();
  if (v === 'high' || v === 'low') return v;
  throw new ArgumentError(`${label}: argument ${position} '${name}' must be 'high' or 'low', got ${JSON.stringify(value)}`);
}

function notFound(ctx: CallContext, key: string, query: string, type: string): JsonObject {
  return { type, [key]: query, found: false, suggestions: suggestCompounds(ctx, query) };
}

function bcsOf(c: Compound): JsonObject | null {
  return c.solubility && c.permeability ? bcsClassify(c.solubility, c.permeability) : null;
}

function screen(c: Compound): JsonObject {
  const lipinski = c.logp !== null && c.hbd !== null && c.hba !== null ? lipinskiCheck(c.molecular_weight, c.logp, c.hbd, c.hba) : null;
  const bcs = bcsOf(c);
  const admet = c.logp !== null && c.psa !== null && c.rotatable_bonds !== null ? admetScreen(c.molecular_weight, c.logp, c.psa, c.rotatable_bonds) : null;
  const bcsClass = bcs?.bcs_class;
  const scores = {
    lipinski: lipinski?.drug_like ? 1 : 0,
    bcs: bcsClass === 'I' ? 1 : bcsClass === 'II' || bcsClass === 'III' ? 0.5 : 0,
    admet: admet && (admet.assessment === 'FAVORABLE' || admet.assessment === 'ACCEPTABLE') ? 1 : 0,
    toxicity: c.narrow_therapeutic_index ? 0 : 1,
  };
  const total = scores.lipinski + scores.bcs + scores.admet + scores.toxicity;
  const notAssessed = [lipinski ? null : 'lipinski', bcs ? null : 'bcs', admet ? null : 'admet'].filter((x): x is string => x !== null);
  // Missing descriptors are not evidence against a compound: without Lipinski and ADMET there is no verdict.
  // (An unclassified BCS class scores 0 by the rule itself, so it does not withhold the verdict.)
  const verdict = !lipinski || !admet ? null
    : total >= 3.5 ? 'EXCELLENT CANDIDATE' : total >= 2.5 ? 'GOOD CANDIDATE' : total >= 1.5 ? 'MODERATE - optimization needed' : 'POOR CANDIDATE';
  return {
    type: 'CHEM_FULL_SCREEN',
    compound: c.name,
    found: true,
    lipinski,
    bcs,
    admet,
    toxicity: toxScreen(c, 0),
    screening_scores: scores,
    total,
    verdict,
    not_assessed: notAssessed,
    method: SCREEN_METHOD,
  };
}

/** A caller's compound object with optional fields filled, checked like a table row. */
function registrationRow(input: JsonObject): Compound {
  const label = 'chem.register_compound';
  const row: Record<string, JsonValue> = {
    aliases: [],
    pubchem_cid: null,
    formula: null,
    smiles: null,
    logp: null,
    hbd: null,
    hba: null,
    psa: null,
    rotatable_bonds: null,
    category: '',
    therapeutic_class: '',
    solubility: null,
    permeability: null,
    known_targets: [],
    max_daily_dose_mg: null,
    ld50_mg_kg: null,
    narrow_therapeutic_index: false,
    source: 'registered by the caller for this run',
    ...input,
  };
  // provenance of a caller's descriptors is the caller's, whatever the object claims
  row.descriptors_source = [row.logp, row.hbd, row.hba, row.psa, row.rotatable_bonds].some((v) => v !== null && v !== undefined) ? 'given by the caller when the compound was registered' : null;
  row.structure_source = null;
  if (typeof row.solubility === 'string') row.solubility = row.solubility.toLowerCase();
  if (typeof row.permeability === 'string') row.permeability = row.permeability.toLowerCase();
  if (row.formula === null && row.smiles === null) throw new ArgumentError(`${label}: argument 1 'compound' needs 'formula' or 'smiles'`);
  if (row.molecular_weight === undefined) row.molecular_weight = derivedWeight(row);
  const problems = rowProblems(row);
  if (problems.length) throw new ArgumentError(`${label}: argument 1 'compound' ${problems[0]}`);
  return row as unknown as Compound;
}

function derivedWeight(row: Record<string, JsonValue>): JsonValue {
  try {
    if (typeof row.formula === 'string') return pyRound(formulaWeight(parseFormula(row.formula).composition), 2);
    if (typeof row.smiles === 'string') return fromSmiles(row.smiles).molecular_weight as number;
  } catch (error) {
    if (!(error instanceof FormulaError || error instanceof SmilesError)) throw error;
  }
  return null; // the row check then reports the formula or SMILES problem
}

const chem: ModuleDef = {
  name: 'chem',
  description: 'Small-molecule property checks: formula weights, Lipinski, BCS, ADMET flags, toxicity, compound table, structure descriptors.',
  functions: [
    fn({
      name: 'molecular_weight',
      description: 'Molecular weight of a formula with nested groups, hydrates and charges.',
      params: [{ name: 'formula', type: 'string', maxLength: 200, description: 'e.g. CuSO4·5H2O, K4[Fe(CN)6], SO4^2-' }],
      result: CHEM_RESULTS.molecular_weight!,
      sources: [`${atomicWeights.version}: ${atomicWeights.source}`],
      impl: (a) => {
        const formula = a.formula as string;
        try {
          const { composition, charge } = parseFormula(formula);
          return { type: 'CHEM_MW', formula, molecular_weight: pyRound(formulaWeight(composition), 2), composition, charge };
        } catch (error) {
          if (error instanceof FormulaError) throw new ArgumentError(`chem.molecular_weight: argument 1 'formula' ${JSON.stringify(formula)} ${error.message}`);
          throw error;
        }
      },
    }),
    fn({
      name: 'lipinski_check',
      description: "Lipinski's rule of five (drug-like with at most one violation).",
      params: [
        number('mw', 'molecular weight', { unit: 'g/mol', exclusiveMinimum: 0 }),
        number('logp', 'octanol-water partition coefficient (log P)'),
        count('hbd', 'hydrogen-bond donors'),
        count('hba', 'hydrogen-bond acceptors'),
      ],
      result: CHEM_RESULTS.lipinski_check!,
      sources: ['Lipinski et al., Adv Drug Deliv Rev 1997;23:3-25'],
      impl: (a) => lipinskiCheck(a.mw as number, a.logp as number, a.hbd as number, a.hba as number),
    }),
    fn({
      name: 'bcs_classify',
      description: 'Biopharmaceutics Classification System class from solubility and permeability.',
      params: [
        { name: 'solubility', type: 'string', description: "'high' or 'low' (any case)" },
        { name: 'permeability', type: 'string', description: "'high' or 'low' (any case)" },
      ],
      result: CHEM_RESULTS.bcs_classify!,
      sources: ['Amidon et al., Pharm Res 1995;12:413-420', 'ICH M9 Biopharmaceutics Classification System-based biowaivers, 2019'],
      impl: (a) => bcsClassify(level(a.solubility!, 'chem.bcs_classify', 1, 'solubility'), level(a.permeability!, 'chem.bcs_classify', 2, 'permeability')),
    }),
    fn({
      name: 'admet_screen',
      description: 'Rule-based ADMET property flags (Veber, Lipinski, Ghose) and a CNS-permeability rule.',
      params: [
        number('mw', 'molecular weight', { unit: 'g/mol', exclusiveMinimum: 0 }),
        number('logp', 'log P'),
        number('psa', 'topological polar surface area', { unit: 'Å²', minimum: 0 }),
        count('rotatable_bonds', 'rotatable bonds'),
      ],
      result: CHEM_RESULTS.admet_screen!,
      sources: ['Veber et al., J Med Chem 2002;45:2615-2623', 'Lipinski et al., Adv Drug Deliv Rev 1997', 'Ghose et al., J Comb Chem 1999;1:55-68', 'Pajouhesh & Lenz, NeuroRx 2005;2:541-553'],
      impl: (a) => admetScreen(a.mw as number, a.logp as number, a.psa as number, a.rotatable_bonds as number),
    }),
    fn({
      name: 'tox_screen',
      description: 'Oral rat LD50 with its human-equivalent dose, and a safety margin for a given human dose.',
      params: [compoundName, number('dose_mg_kg', 'human dose', { unit: 'mg/kg', minimum: 0, default: 0 })],
      result: CHEM_RESULTS.tox_screen!,
      sources: ['FDA Guidance for Industry: Estimating the Maximum Safe Starting Dose in Initial Clinical Trials for Therapeutics in Adult Healthy Volunteers, 2005 (Km rat 6, human 37)', TABLE_SOURCE],
      impl: (a, ctx) => {
        const c = findCompound(ctx, a.compound_name as string);
        return c ? toxScreen(c, a.dose_mg_kg as number) : notFound(ctx, 'compound', a.compound_name as string, 'CHEM_TOX');
      },
    }),
    fn({
      name: 'lookup',
      description: 'A compound of the table (or registered in this run) by name or alias.',
      params: [compoundName],
      result: CHEM_RESULTS.lookup!,
      sources: [TABLE_SOURCE],
      impl: (a, ctx) => {
        const c = findCompound(ctx, a.compound_name as string);
        return c ? lookupRecord(c) : notFound(ctx, 'name', a.compound_name as string, 'CHEM_LOOKUP');
      },
    }),
    fn({
      name: 'search_by_target',
      description: 'Compounds with a known target containing the text (case-insensitive).',
      params: [{ name: 'target', type: 'string', maxLength: 200, description: 'target text, e.g. COX' }],
      result: CHEM_RESULTS.search_by_target!,
      sources: [TABLE_SOURCE],
      impl: (a, ctx) => {
        const target = a.target as string;
        const q = target.toLowerCase();
        const matches = allCompounds(ctx)
          .filter((c) => c.known_targets.some((t) => t.toLowerCase().includes(q)))
          .map((c) => ({ name: c.name, category: c.category, targets: [...c.known_targets] }));
        return { type: 'CHEM_SEARCH', target, matches, count: matches.length };
      },
    }),
    fn({
      name: 'search_by_class',
      description: 'Compounds whose therapeutic class or category contains the text (case-insensitive).',
      params: [{ name: 'therapeutic_class', type: 'string', maxLength: 200, description: 'class text, e.g. antibiotic' }],
      result: CHEM_RESULTS.search_by_class!,
      sources: [TABLE_SOURCE],
      impl: (a, ctx) => {
        const query = a.therapeutic_class as string;
        const q = query.toLowerCase();
        const matches = allCompounds(ctx)
          .filter((c) => c.therapeutic_class.toLowerCase().includes(q) || c.category.toLowerCase().includes(q))
          .map((c) => ({ name: c.name, category: c.category, therapeutic_class: c.therapeutic_class, mw: c.molecular_weight }));
        return { type: 'CHEM_SEARCH', therapeutic_class: query, matches, count: matches.length };
      },
    }),
    fn({
      name: 'screen_compound',
      description: 'Lipinski, BCS, ADMET and toxicity checks of a stored compound with a combined heuristic verdict.',
      params: [compoundName],
      result: CHEM_RESULTS.screen_compound!,
      sources: ['MOISSCode screening heuristic', TABLE_SOURCE],
      impl: (a, ctx) => {
        const c = findCompound(ctx, a.compound_name as string);
        return c ? screen(c) : notFound(ctx, 'compound', a.compound_name as string, 'CHEM_FULL_SCREEN');
      },
    }),
    fn({
      name: 'register_compound',
      state: 'run',
      description: 'Adds a compound for this run, checked like a table row (formula or SMILES required).',
      params: [{ name: 'compound', type: 'object', description: 'a compound row: name, formula or smiles, optional properties' }],
      result: CHEM_RESULTS.register_compound!,
      sources: [],
      impl: (a, ctx) => {
        const row = registrationRow(a.compound as JsonObject);
        const clash = registerCompound(ctx, row);
        if (clash) throw new ArgumentError(`chem.register_compound: argument 1 'compound' name or alias clashes with the compound '${clash}'`);
        return { ...lookupRecord(row), registered: true };
      },
    }),
    fn({
      name: 'list_compounds',
      description: 'Compounds in table order, then those registered in this run; optionally filtered by category text.',
      params: [{ name: 'category', type: ['string', 'null'], default: null, maxLength: 200, description: 'category text (case-insensitive substring)' }],
      result: { bare: 'array', description: 'the compounds, each with name, formula, weight and category', items: COMPOUND_LIST_ITEM },
      sources: [TABLE_SOURCE],
      impl: (a, ctx) => {
        const q = ((a.category as string | null) ?? '').toLowerCase();
        return allCompounds(ctx)
          .filter((c) => q === '' || c.category.toLowerCase().includes(q))
          .map((c) => ({ name: c.name, formula: c.formula, mw: c.molecular_weight, category: c.category }));
      },
    }),
    fn({
      name: 'from_smiles',
      description: 'Formula, weights and descriptors computed from a SMILES structure with OpenChemLib.',
      params: [{ name: 'smiles', type: 'string', maxLength: 2000, description: 'SMILES; salts are allowed (descriptors of the largest fragment)' }],
      result: CHEM_RESULTS.from_smiles!,
      sources: ['OpenChemLib (Sander et al., actelion/openchemlib)', 'Ertl et al., J Med Chem 2000;43:3714-3717 (TPSA)', 'Lipinski et al., Adv Drug Deliv Rev 1997'],
      impl: (a) => {
        try {
          return fromSmiles(a.smiles as string);
        } catch (error) {
          if (error instanceof SmilesError) throw new ArgumentError(`chem.from_smiles: argument 1 'smiles' cannot be parsed: ${error.message}`);
          throw error;
        }
      },
    }),
  ],
};

export default chem;
