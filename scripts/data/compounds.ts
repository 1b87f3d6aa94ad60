// Regenerates src/runtime/modules/chem/data/compounds.json: structures for rows that lack one, from
// DrugCentral's structures.smiles.tsv (columns SMILES, InChI, InChIKey, ID, INN, CAS_RN), and the
// descriptors (cLogP, TPSA, Lipinski donors/acceptors, rotatable bonds) of every row with a structure,
// computed by OpenChemLib. A structure is taken only when its formula equals the row's cited formula.
//
//   npx tsx scripts/data/compounds.ts PATH/structures.smiles.tsv "<where the file came from>" [TABLE.json]
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Molecule, MoleculeProperties, version as oclVersion } from 'openchemlib';
import { hillFormula, parseFormula } from '../../src/runtime/modules/chem/formula.js';
import { formulaOfSmiles } from '../../src/runtime/modules/chem/smiles.js';
import { pyRound } from '../../src/util/round.js';

/** Table names that are USAN/US names where DrugCentral files the INN (WHO INN list). */
const INN_OF: Record<string, string> = { Cyclosporine: 'ciclosporin', Albuterol: 'salbutamol' };

interface Row {
  name: string;
  formula: string | null;
  smiles: string | null;
  [field: string]: unknown;
}

export interface Provenance {
  file: string;
  sha256: string;
  copy: string;
}

function structuresByInn(tsv: string): Map<string, { smiles: string; id: string }> {
  const lines = tsv.split(/\r?\n/).filter((l) => l !== '');
  const header = lines[0]!.split('\t');
  const [smilesAt, idAt, innAt] = ['SMILES', 'ID', 'INN'].map((c) => header.indexOf(c));
  if (smilesAt! < 0 || idAt! < 0 || innAt! < 0) throw new Error('not a DrugCentral structures.smiles.tsv: the header lacks SMILES, ID or INN');
  const out = new Map<string, { smiles: string; id: string }>();
  for (const line of lines.slice(1)) {
    const cells = line.split('\t');
    const inn = cells[innAt!]!.trim().toLowerCase();
    if (inn && cells[smilesAt!] && !out.has(inn)) out.set(inn, { smiles: cells[smilesAt!]!, id: cells[idAt!]! });
  }
  return out;
}

/** Lipinski 1997: donors = hydrogens on N and O, acceptors = N and O atoms. */
function lipinskiCounts(molecule: Molecule): { hbd: number; hba: number } {
  let hbd = 0;
  let hba = 0;
  for (let atom = 0; atom < molecule.getAllAtoms(); atom++) {
    const element = molecule.getAtomicNo(atom);
    if (element !== 7 && element !== 8) continue;
    hba++;
    hbd += molecule.getAllHydrogens(atom);
  }
  return { hbd, hba };
}

/** Descriptors of the largest fragment (the drug, not its counter-ion). */
export function descriptorsOf(smiles: string): { logp: number; psa: number; hbd: number; hba: number; rotatable_bonds: number } {
  const fragments = Molecule.fromSmiles(smiles).getFragments();
  const largest = fragments.reduce((a: Molecule, b: Molecule) => (b.getAllAtoms() > a.getAllAtoms() ? b : a));
  const properties = new MoleculeProperties(largest);
  return { logp: pyRound(properties.logP, 2), psa: pyRound(properties.polarSurfaceArea, 1), ...lipinskiCounts(largest), rotatable_bonds: properties.rotatableBondCount };
}

const sameFormula = (smiles: string, formula: string): boolean => formulaOfSmiles(smiles) === hillFormula(parseFormula(formula).composition);

export function buildCompounds(table: { source: string; compounds: Row[] } & Record<string, unknown>, tsv: string, provenance: Provenance): { table: Record<string, unknown>; report: string[] } {
  const structures = structuresByInn(tsv);
  const report: string[] = [];
  const method = `OpenChemLib ${oclVersion}`;
  const compounds = table.compounds.map((row) => {
    const out: Row = { ...row };
    const inn = INN_OF[row.name] ?? row.name.toLowerCase();
    const found = structures.get(inn);
    if (out.smiles === null && found && row.formula !== null) {
      if (sameFormula(found.smiles, row.formula)) {
        out.smiles = found.smiles;
        out.structure_source = `DrugCentral structure ${found.id} (${inn}), ${provenance.file}; formula checked against the row's ${row.formula}`;
      } else report.push(`${row.name}: DrugCentral ${found.id} gives ${formulaOfSmiles(found.smiles)}, the row says ${row.formula}: structure left out`);
    } else if (out.smiles === null) {
      report.push(`${row.name}: no structure (${found ? 'no cited formula to check it against' : `no DrugCentral entry named ${inn}`})`);
    } else if (found && !sameFormula(found.smiles, out.smiles === null ? '' : formulaOfSmiles(out.smiles))) {
      report.push(`${row.name}: the row's SMILES and DrugCentral ${found.id} differ in formula; the row's cited SMILES is kept`);
    }
    if (typeof out.smiles === 'string') {
      Object.assign(out, descriptorsOf(out.smiles));
      out.descriptors_source = `computed by ${method} from the SMILES (cLogP, TPSA, Lipinski donors and acceptors, rotatable bonds); not PubChem's XLogP3 or Cactvs values`;
    } else {
      Object.assign(out, { logp: null, psa: null, hbd: null, hba: null, rotatable_bonds: null, descriptors_source: null });
    }
    return out;
  });
  const { compounds: _old, ...head } = table;
  return {
    table: {
      ...head,
      descriptors: {
        method,
        note: 'logp is OpenChemLib cLogP, psa its topological polar surface area (Ertl 2000), hbd/hba Lipinski 1997 counts (H on N and O; N and O atoms), rotatable_bonds its count; computed from each row\'s SMILES. They differ from PubChem\'s XLogP3 and Cactvs values.',
        structures: { file: provenance.file, sha256: provenance.sha256, copy: provenance.copy, publisher: 'DrugCentral (University of New Mexico, drugcentral.org)', licence: 'CC BY-SA 4.0' },
      },
      compounds,
    },
    report,
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [tsvPath, copy, tablePath = fileURLToPath(new URL('../../src/runtime/modules/chem/data/compounds.json', import.meta.url))] = process.argv.slice(2);
  if (!tsvPath || !copy) {
    process.stderr.write('usage: npx tsx scripts/data/compounds.ts structures.smiles.tsv "<where the file came from>" [compounds.json]\n');
    process.exit(1);
  }
  const bytes = readFileSync(tsvPath);
  const table = JSON.parse(readFileSync(tablePath, 'utf8'));
  const { table: out, report } = buildCompounds(table, bytes.toString('utf8'), { file: basename(tsvPath), sha256: createHash('sha256').update(bytes).digest('hex'), copy });
  writeFileSync(tablePath, JSON.stringify(out, null, 1) + '\n');
  process.stdout.write(`${tablePath}: ${(out.compounds as Row[]).filter((c) => c.smiles).length} of ${(out.compounds as Row[]).length} rows with a structure and descriptors\n${report.map((r) => `  ${r}`).join('\n')}\n`);
}
