// The compound table (modules.md §7.1) and the compounds a run registers (§1.7).
import compoundTable from './data/compounds.json' with { type: 'json' };
import { createAjv } from '../../../util/ajv.js';
import { deepFreeze } from '../../../util/freeze.js';
import { pyRound } from '../../../util/round.js';
import { NameIndex } from '../util/name-index.js';
import { FormulaError, formulaWeight, hillFormula, parseFormula } from './formula.js';
import { formulaOfSmiles, SmilesError } from './smiles.js';
import type { CallContext, JsonObject } from '../types.js';

export interface Compound {
  name: string;
  aliases: string[];
  pubchem_cid: number | null;
  formula: string | null;
  smiles: string | null;
  molecular_weight: number;
  logp: number | null;
  hbd: number | null;
  hba: number | null;
  psa: number | null;
  rotatable_bonds: number | null;
  category: string;
  therapeutic_class: string;
  solubility: 'high' | 'low' | null;
  permeability: 'high' | 'low' | null;
  known_targets: string[];
  max_daily_dose_mg: number | null;
  ld50_mg_kg: number | null;
  narrow_therapeutic_index: boolean;
  /** where a structure not cited in the row's source came from */
  structure_source?: string | null;
  /** how logp, psa, hbd, hba and rotatable_bonds were obtained (computed by OpenChemLib for table rows) */
  descriptors_source?: string | null;
  source: string;
}

/** Formula weight and `molecular_weight` must agree this closely (§7.1 build check). */
export const MW_TOLERANCE = 0.05;

const nullable = (type: string, extra: Record<string, unknown> = {}) => ({ type: [type, 'null'], ...extra });
const level = { enum: ['high', 'low', null] };

/** The JSON schema of one row; `register_compound` applies it to the caller's object with defaults filled. */
export const compoundSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'molecular_weight', 'category', 'therapeutic_class', 'source'],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 200 },
    aliases: { type: 'array', items: { type: 'string', minLength: 1, maxLength: 200 }, maxItems: 50 },
    pubchem_cid: nullable('integer', { minimum: 1 }),
    formula: nullable('string', { maxLength: 200 }),
    smiles: nullable('string', { maxLength: 2000 }),
    molecular_weight: { type: 'number', exclusiveMinimum: 0, maximum: 100000 },
    logp: nullable('number', { minimum: -20, maximum: 20 }),
    hbd: nullable('integer', { minimum: 0 }),
    hba: nullable('integer', { minimum: 0 }),
    psa: nullable('number', { minimum: 0, maximum: 5000 }),
    rotatable_bonds: nullable('integer', { minimum: 0 }),
    category: { type: 'string', maxLength: 200 },
    therapeutic_class: { type: 'string', maxLength: 200 },
    solubility: level,
    permeability: level,
    bcs_source: nullable('string'),
    known_targets: { type: 'array', items: { type: 'string', maxLength: 200 }, maxItems: 100 },
    max_daily_dose_mg: nullable('number', { exclusiveMinimum: 0 }),
    max_daily_dose_source: nullable('string'),
    ld50_mg_kg: nullable('number', { exclusiveMinimum: 0 }),
    ld50_source: nullable('string'),
    narrow_therapeutic_index: { type: 'boolean' },
    narrow_therapeutic_index_source: nullable('string'),
    structure_source: nullable('string'),
    descriptors_source: nullable('string'),
    source: { type: 'string', minLength: 1 },
  },
} as const;

const validateRow = createAjv().compile(compoundSchema);

/** Problems with one row (schema, formula, formula weight, SMILES formula), empty when it is sound. */
export function rowProblems(row: unknown): string[] {
  if (!validateRow(row)) {
    const e = validateRow.errors![0]!;
    return [`${e.instancePath || 'row'} ${e.message}`];
  }
  const c = row as unknown as Compound;
  const problems: string[] = [];
  let formula: string | null = null;
  if (c.formula !== null && c.formula !== undefined) {
    try {
      const parsed = parseFormula(c.formula);
      formula = hillFormula(parsed.composition);
      const weight = formulaWeight(parsed.composition);
      if (Math.abs(weight - c.molecular_weight) > MW_TOLERANCE) {
        problems.push(`molecular_weight ${c.molecular_weight} differs from the formula weight ${pyRound(weight, 3)} of ${c.formula}`);
      }
    } catch (error) {
      if (!(error instanceof FormulaError)) throw error;
      problems.push(`formula '${c.formula}' ${error.message}`);
    }
  }
  if (c.smiles !== null && c.smiles !== undefined) {
    try {
      const fromStructure = formulaOfSmiles(c.smiles);
      if (formula !== null && fromStructure !== formula) problems.push(`smiles gives ${fromStructure}, formula says ${formula}`);
    } catch (error) {
      if (!(error instanceof SmilesError)) throw error;
      problems.push(`smiles does not parse: ${error.message}`);
    }
  }
  return problems;
}

const table = deepFreeze(compoundTable as unknown as { name: string; version: string; source: string; compounds: Compound[] });
export const compoundTableInfo = { name: table.name, version: table.version, source: table.source };
export const tableCompounds: readonly Compound[] = table.compounds;
const tableIndex = new NameIndex(tableCompounds, namesOf);

export function namesOf(c: Compound): string[] {
  return [c.name, ...(c.aliases ?? [])];
}

interface ChemRunState {
  registered: Compound[];
  index: NameIndex<Compound>;
}

function runState(ctx: CallContext): ChemRunState {
  return ctx.state.slot<ChemRunState>('chem', () => ({ registered: [], index: new NameIndex<Compound>([], namesOf) }));
}

/** Run-registered compounds first, then the table. */
export function findCompound(ctx: CallContext, name: string): Compound | undefined {
  return runState(ctx).index.get(name) ?? tableIndex.get(name);
}

export function suggestCompounds(ctx: CallContext, name: string): string[] {
  return tableIndex.suggest(name, runState(ctx).registered.flatMap(namesOf));
}

/** Table order, then compounds registered in this run. */
export function allCompounds(ctx: CallContext): Compound[] {
  return [...tableCompounds, ...runState(ctx).registered];
}

/** Adds a validated row to the run; returns the clashing name when one exists. */
export function registerCompound(ctx: CallContext, compound: Compound): string | null {
  const state = runState(ctx);
  const names = namesOf(compound);
  const clash = state.index.clash(names) ?? tableIndex.clash(names);
  if (clash) return clash.name;
  state.index.add(compound, names);
  state.registered.push(compound);
  return null;
}

/** The CHEM_LOOKUP fields of §7.2. */
export function lookupRecord(c: Compound): JsonObject {
  return {
    type: 'CHEM_LOOKUP',
    found: true,
    name: c.name,
    formula: c.formula,
    molecular_weight: c.molecular_weight,
    logp: c.logp,
    hbd: c.hbd,
    hba: c.hba,
    psa: c.psa,
    rotatable_bonds: c.rotatable_bonds,
    category: c.category,
    therapeutic_class: c.therapeutic_class,
    known_targets: [...c.known_targets],
    max_daily_dose_mg: c.max_daily_dose_mg,
    solubility: c.solubility,
    permeability: c.permeability,
    ld50_mg_kg: c.ld50_mg_kg,
    pubchem_cid: c.pubchem_cid,
    descriptors_source: c.descriptors_source ?? null,
  };
}
