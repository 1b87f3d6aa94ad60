// The pk answers the drug tests read, through the library's call interface: one definition for every pk
// test file instead of a copy in each.
import { expect } from 'chai';
import { libraryOf } from './library.js';

const { call } = libraryOf('pk');

/** validate_dose(drug, dose, unit, weight_kg, route, indication, every_h, patient)'s level; null leaves an argument out. */
export const doseLevel = (
  drug: string,
  dose: number,
  unit: string,
  weight: number | null = null,
  route: string | null = null,
  indication: string | null = null,
  every: number | null = null,
  patient: Record<string, unknown> | null = null,
): string => call('validate_dose', drug, dose, unit, weight, route, indication, every, patient).level;

/** check_contraindications for one condition: true, false or null (not checked). */
export const contraindicated = (drug: string, condition: string): boolean | null => call('check_contraindications', drug, [condition]).contraindicated;

/** check_interactions of a drug with the others. */
export const interactionsOf = (drug: string, ...others: string[]) => call('check_interactions', drug, others);

export const maxSeverity = (drug: string, ...others: string[]): string => interactionsOf(drug, ...others).max_severity;

/** Both directions answer the same records at the given severity, and the pair is unsafe exactly when MAJOR or SEVERE. */
export function bothWays(x: string, y: string, severity: string, rule?: string): void {
  const forward = interactionsOf(x, y);
  const backward = interactionsOf(y, x);
  expect(forward.max_severity, `${x} + ${y}`).to.equal(severity);
  expect(backward.max_severity, `${y} + ${x}`).to.equal(severity);
  expect(backward.interactions, `${y} + ${x}`).to.deep.equal(forward.interactions);
  expect(forward.safe_to_administer, `${x} + ${y}`).to.equal(!(severity === 'MAJOR' || severity === 'SEVERE'));
  if (rule) expect(forward.interactions[0], `${x} + ${y}`).to.include({ rule, severity });
}
