// Descriptors computed from structure with OpenChemLib (modules.md §7.2 from_smiles).
import { Molecule, MoleculeProperties, version as oclVersion } from 'openchemlib';
import { pyRound } from '../../../util/round.js';
import { formulaWeight, hillFormula, parseFormula } from './formula.js';
import { admetScreen, lipinskiCheck } from './rules.js';
import type { JsonObject } from '../types.js';

/** A SMILES string OpenChemLib cannot read; the message is the parser's reason. */
export class SmilesError extends Error {}

const NITROGEN = 7;
const OXYGEN = 8;

function parse(smiles: string): Molecule {
  let molecule: Molecule;
  try {
    molecule = Molecule.fromSmiles(smiles);
  } catch (error) {
    // OpenChemLib prefixes its messages with an internal class name: keep the reason only.
    const text = error instanceof Error ? error.message : String(error);
    throw new SmilesError(text.replace(/^.*?SmilesParser:\s*/, ''));
  }
  if (molecule.getAllAtoms() === 0) throw new SmilesError('no atoms');
  // a lone query atom such as '?' parses, but has no element and so no formula
  if (molecule.getMolecularFormula().formula === '') throw new SmilesError('no atom of a known element');
  return molecule;
}

/** The Hill formula of the whole input, e.g. for checking a table row's formula against its SMILES. */
export function formulaOfSmiles(smiles: string): string {
  return hillFormula(parseFormula(parse(smiles).getMolecularFormula().formula).composition);
}

export function fromSmiles(smiles: string): JsonObject {
  const molecule = parse(smiles);
  const whole = molecule.getMolecularFormula();
  const composition = parseFormula(whole.formula).composition;
  const fragments = molecule.getFragments();
  const largest = fragments.reduce((a: Molecule, b: Molecule) => (b.getAllAtoms() > a.getAllAtoms() ? b : a));
  const properties = new MoleculeProperties(largest);
  const mw = pyRound(formulaWeight(composition), 2);
  const logp = pyRound(properties.logP, 2);
  const psa = pyRound(properties.polarSurfaceArea, 1);
  const { donors, acceptors } = lipinskiCounts(largest);
  return {
    type: 'CHEM_SMILES',
    smiles,
    canonical_smiles: molecule.toIsomericSmiles(),
    formula: hillFormula(composition),
    molecular_weight: mw,
    monoisotopic_mass: pyRound(whole.absoluteWeight, 4),
    fragments: fragments.length,
    logp,
    logs: pyRound(properties.logS, 2),
    psa,
    rotatable_bonds: properties.rotatableBondCount,
    stereo_centers: properties.stereoCenterCount,
    hbd_ocl: properties.donorCount,
    hba_ocl: properties.acceptorCount,
    lipinski_hbd: donors,
    lipinski_hba: acceptors,
    lipinski: lipinskiCheck(mw, logp, donors, acceptors),
    admet: admetScreen(mw, logp, psa, properties.rotatableBondCount),
    method: `openchemlib ${oclVersion}`,
  };
}

/** Lipinski 1997: donors = hydrogens on N and O, acceptors = N and O atoms. */
function lipinskiCounts(molecule: Molecule): { donors: number; acceptors: number } {
  let donors = 0;
  let acceptors = 0;
  for (let atom = 0; atom < molecule.getAllAtoms(); atom++) {
    const element = molecule.getAtomicNo(atom);
    if (element !== NITROGEN && element !== OXYGEN) continue;
    acceptors++;
    donors += molecule.getAllHydrogens(atom);
  }
  return { donors, acceptors };
}
