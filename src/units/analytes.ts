// Analytes whose laboratories report either a mass or an amount concentration (mg/dL or µmol/L, mmol/L):
// each converts between the two with its molar mass (language.md §7). Molar masses are computed from the
// molecular formula (PubChem compound records) and the IUPAC abridged standard atomic weights (CIAAW 2021,
// Prohaska et al., Pure Appl Chem 2022;94:573-600), the same weights as chem's table; nothing here is measured.

/** CIAAW 2021 abridged standard atomic weights of the elements the formulas below use. */
const ATOMIC_WEIGHTS: Readonly<Record<string, number>> = { H: 1.008, C: 12.011, N: 14.007, O: 15.999, Mg: 24.305, P: 30.974, Ca: 40.078 };

export interface Analyte {
  /** as messages name it: `creatinine` */
  name: string;
  /** the formula the molar mass is computed from, as PubChem gives it */
  formula: string;
  /** g/mol */
  molarMass: number;
  source: string;
}

/** Sum of the atomic weights of a formula such as `C4H7N3O`, exact in decimal (millionths). */
export function molarMassOf(formula: string): number {
  let micro = 0;
  for (const [, symbol, count] of formula.matchAll(/([A-Z][a-z]?)(\d*)/g)) {
    const weight = ATOMIC_WEIGHTS[symbol!];
    if (weight === undefined) throw new Error(`no atomic weight for ${symbol}`);
    micro += Math.round(weight * 1e6) * (count ? Number(count) : 1);
  }
  return micro / 1e6;
}

const analyte = (name: string, formula: string, source: string): Analyte => Object.freeze({ name, formula, molarMass: molarMassOf(formula), source });

export const ANALYTES = {
  creatinine: analyte('creatinine', 'C4H7N3O', 'PubChem CID 588 (creatinine)'),
  glucose: analyte('glucose', 'C6H12O6', 'PubChem CID 5793 (D-glucose)'),
  urea: analyte('urea', 'CH4N2O', 'PubChem CID 1176 (urea)'),
  // blood urea nitrogen counts the two nitrogen atoms of each urea molecule: 1 mmol/L urea is 2.8014 mg/dL of nitrogen
  urea_nitrogen: analyte('urea nitrogen', 'N2', 'two nitrogen atoms per urea molecule (PubChem CID 1176)'),
  bilirubin: analyte('bilirubin', 'C33H36N4O6', 'PubChem CID 5280352 (bilirubin)'),
  calcium: analyte('calcium', 'Ca', 'CIAAW 2021 standard atomic weight of calcium'),
  cholesterol: analyte('cholesterol', 'C27H46O', 'PubChem CID 5997 (cholesterol)'),
  // laboratories convert triglycerides as triolein by convention
  triglycerides: analyte('triglycerides', 'C57H104O6', 'PubChem CID 5497163 (triolein)'),
  uric_acid: analyte('uric acid', 'C5H4N4O3', 'PubChem CID 1175 (uric acid)'),
  lactate: analyte('lactate', 'C3H6O3', 'PubChem CID 612 (lactic acid)'),
  magnesium: analyte('magnesium', 'Mg', 'CIAAW 2021 standard atomic weight of magnesium'),
  // inorganic phosphate is reported as phosphorus
  phosphate: analyte('phosphate (as phosphorus)', 'P', 'CIAAW 2021 standard atomic weight of phosphorus'),
} as const satisfies Record<string, Analyte>;
