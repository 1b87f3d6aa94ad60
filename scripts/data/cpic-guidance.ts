// Regenerates src/runtime/modules/genomics/data/cpic-guidance.json: CPIC recommendations (gene, drug,
// phenotype) for the pairs modules.md §11.1 names, read from CPIC-annotated PharmCAT report JSON files.
// Usage: npx tsx scripts/data/cpic-guidance.ts "<origin>" report1.json [report2.json …]
// Each report carries the CPIC rows for the phenotypes of its sample, so the table holds only those
// phenotypes; the README lists the rest as missing.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { guidanceRows, guidelinePair, type CpicReportDrug, type GuidanceRow } from './cpic-transform.js';

const DRUGS = [
  'codeine', 'tramadol', 'ondansetron', 'tamoxifen', 'clopidogrel', 'voriconazole', 'omeprazole', 'lansoprazole', 'pantoprazole',
  'citalopram', 'escitalopram', 'sertraline', 'warfarin', 'phenytoin', 'celecoxib', 'ibuprofen', 'meloxicam', 'tacrolimus', 'efavirenz',
  'fluorouracil', 'capecitabine', 'azathioprine', 'mercaptopurine', 'thioguanine', 'simvastatin', 'atorvastatin', 'rosuvastatin',
  'pravastatin', 'pitavastatin', 'fluvastatin', 'lovastatin', 'atazanavir', 'abacavir', 'allopurinol', 'carbamazepine', 'oxcarbazepine',
];

const [origin, ...reports] = process.argv.slice(2);
if (!origin || reports.length === 0) {
  console.error('usage: tsx scripts/data/cpic-guidance.ts "<origin>" report.json [...]');
  process.exit(2);
}

const files: { file: string; sha256: string; cpic_version: string }[] = [];
const rows = new Map<string, GuidanceRow>();
const pairs = new Map<string, { drug: string; genes: string[]; source: string }>();
for (const path of reports) {
  const text = readFileSync(path, 'utf8');
  const report = JSON.parse(text) as { dataVersion: string; drugs: { 'CPIC Guideline Annotation': Record<string, CpicReportDrug> } };
  files.push({ file: basename(path), sha256: createHash('sha256').update(text).digest('hex'), cpic_version: report.dataVersion });
  const cpic = report.drugs['CPIC Guideline Annotation'];
  for (const drug of DRUGS) {
    if (!cpic[drug]) continue;
    const pair = guidelinePair(cpic[drug]);
    if (pair) pairs.set(drug, pair);
    for (const row of guidanceRows(cpic[drug])) rows.set(JSON.stringify([row.drug, row.phenotypes, row.population]), row);
  }
}

const table = {
  name: 'CPIC gene–drug recommendations',
  version: [...new Set(files.map((f) => f.cpic_version))].join('; '),
  source: `CPIC recommendations as carried in PharmCAT example reports, ${origin}`,
  licence: 'CC0-1.0',
  licence_note: 'CC0 1.0 (CPIC terms of use); cite CPIC, www.clinpgx.org',
  generated_by: 'scripts/data/cpic-guidance.ts',
  files,
  pairs: DRUGS.flatMap((d) => (pairs.has(d) ? [pairs.get(d)!] : [])),
  rows: [...rows.values()].sort((a, b) => DRUGS.indexOf(a.drug) - DRUGS.indexOf(b.drug)),
};
writeFileSync(new URL('../../src/runtime/modules/genomics/data/cpic-guidance.json', import.meta.url), `${JSON.stringify(table, null, 1)}\n`);
console.log(`wrote ${table.rows.length} rows`);
