// One row of a laboratory's own ranges (pack kind `lab-ranges`): the shape the pack parser produces and
// the reference lookup reads, kept apart so that neither file imports the other's module.
export interface LabRangeRow {
  /** the shipped test's canonical name */
  test: string;
  sex: 'M' | 'F' | null;
  age_min: number | null;
  age_max: number | null;
  assay: string | null;
  unit: string;
  low: number | null;
  high: number | null;
  critical_low: number | null;
  critical_high: number | null;
}
