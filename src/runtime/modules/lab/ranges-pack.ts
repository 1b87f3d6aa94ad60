// Pack kind `lab-ranges`: a laboratory's own reference intervals and critical limits, per test, sex and
// age band, optionally per assay. They replace the shipped defaults for the tests they cover.
//
// File: comma-separated, `# laboratory: NAME` first (required; `# effective: DATE` optional), then a
// header with the columns test, unit, low, high and any of sex, age_min, age_max, critical_low,
// critical_high, assay. Empty cells are "none"; sex is M, F or empty (both); an age band is
// age_min ≤ age < age_max in years, either end open when empty.
import { normalizeName } from '../../../util/names.js';
import { cellsByName, columnProblems, readCsv } from '../../packs/csv.js';
import type { PackKind, PackProblem } from '../../packs/types.js';
import { normalizeSex } from '../util/sex.js';
import { findTest } from './reference.js';
import type { LabRangeRow } from './range-row.js';

export const LAB_RANGES_PACK = 'lab-ranges';
const REQUIRED = ['test', 'unit', 'low', 'high'];
const OPTIONAL = ['sex', 'age_min', 'age_max', 'critical_low', 'critical_high', 'assay'];

const overlaps = (a: LabRangeRow, b: LabRangeRow): boolean =>
  (a.sex === null || b.sex === null || a.sex === b.sex) && (a.age_min ?? -Infinity) < (b.age_max ?? Infinity) && (b.age_min ?? -Infinity) < (a.age_max ?? Infinity);

export const labRangesKind: PackKind<LabRangeRow> = {
  kind: LAB_RANGES_PACK,
  table: 'lab-tests',
  summary: "a laboratory's reference intervals and critical limits per test, sex and age band, optionally per assay (CSV)",
  parse(text) {
    const csv = readCsv(text);
    const problems: PackProblem[] = [...csv.problems];
    const laboratory = csv.meta.get('laboratory');
    if (!laboratory) problems.push({ line: 1, message: "the file must name its laboratory first: '# laboratory: NAME'" });
    const columns = columnProblems(csv, REQUIRED, OPTIONAL);
    if (columns.length) return { problems: [...problems, ...columns] };
    const rows: { line: number; row: LabRangeRow }[] = [];
    for (const record of csv.records) {
      const { line } = record;
      const get = cellsByName(csv, record);
      const before = problems.length;
      const bad = (message: string): void => void problems.push({ line, message });
      const number = (name: string): number | null => {
        const raw = get(name);
        if (raw === '') return null;
        const value = Number(raw);
        if (!Number.isFinite(value)) bad(`${name} ${JSON.stringify(raw)} is not a number`);
        return Number.isFinite(value) ? value : null;
      };
      const test = findTest(get('test'));
      if (!test) {
        bad(`test ${JSON.stringify(get('test'))} is not a test cpes knows (use its name or an alias from lab.list_tests)`);
        continue;
      }
      if (get('unit').toLowerCase() !== test.unit.toLowerCase()) bad(`unit ${JSON.stringify(get('unit'))} is not ${test.canonical}'s unit ${test.unit} (convert the values; cpes does not convert laboratory units)`);
      let sex: 'M' | 'F' | null = null;
      if (get('sex') !== '') {
        try {
          sex = normalizeSex(get('sex'), 'sex', 'column sex');
        } catch {
          bad(`sex must be M, F or empty (both), got ${JSON.stringify(get('sex'))}`);
        }
      }
      const row: LabRangeRow = {
        test: test.canonical,
        sex,
        age_min: number('age_min'),
        age_max: number('age_max'),
        assay: get('assay') || null,
        unit: test.unit,
        low: number('low'),
        high: number('high'),
        critical_low: number('critical_low'),
        critical_high: number('critical_high'),
      };
      const { low, high, critical_low: cl, critical_high: ch } = row;
      if (low === null && high === null && cl === null && ch === null) bad('gives no limit (low, high, critical_low or critical_high)');
      for (const [name, value] of Object.entries({ low, high, critical_low: cl, critical_high: ch })) {
        if (value !== null && value < 0 && !test.allow_negative) bad(`${name} ${value} is negative`);
      }
      if (low !== null && high !== null && !(low < high)) bad(`low ${low} must be below high ${high}`);
      if (cl !== null && low !== null && cl > low) bad(`critical_low ${cl} must not be above low ${low}`);
      if (ch !== null && high !== null && ch < high) bad(`critical_high ${ch} must not be below high ${high}`);
      if (row.age_min !== null && (row.age_min < 0 || row.age_min > 150)) bad(`age_min ${row.age_min} must be 0–150 years`);
      if (row.age_max !== null && (row.age_max <= 0 || row.age_max > 150)) bad(`age_max ${row.age_max} must be above 0 and at most 150 years`);
      if (row.age_min !== null && row.age_max !== null && !(row.age_min < row.age_max)) bad(`age_min ${row.age_min} must be below age_max ${row.age_max}`);
      if (problems.length > before) continue;
      const clash = rows.find((r) => r.row.test === row.test && normalizeName(r.row.assay ?? '') === normalizeName(row.assay ?? '') && overlaps(r.row, row));
      if (clash) bad(`${row.test}${row.assay ? ` (${row.assay})` : ''} overlaps line ${clash.line}: same sex and overlapping ages, so a value could match both`);
      else rows.push({ line, row });
    }
    if (problems.length) return { problems };
    const effective = csv.meta.get('effective');
    return { rows: rows.map((r) => r.row), label: effective ? `${laboratory}, effective ${effective}` : laboratory! };
  },
};
