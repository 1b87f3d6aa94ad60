// Regenerates src/runtime/modules/genomics/data/cpic-guidance.json: CPIC recommendations (gene, drug,
// phenotype) for the pairs modules.md §11.1 names, from two CPIC sources (CC0):
//  - CPIC's recommendation export (every phenotype of every pair, read by src/runtime/modules/genomics/cpic-export.ts,
//    which the `cpic` data pack uses too), and
//  - CPIC-annotated PharmCAT report JSON files, which carry newer CPIC data for their samples' phenotypes.
// A report row wins over an export row for the same drug, phenotypes and population. An export row is
// kept only where the export's guideline is the one the newer data cites (same publication), so an
// updated guideline (the 2023 SSRI update) is never answered from its predecessor's rows.
// Usage: npx tsx scripts/data/cpic-guidance.ts "<origin>" export.json report1.json [report2.json …]
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parseCpicExport } from '../../src/runtime/modules/genomics/cpic-export.js';
import { guidanceRows, guidelinePair, type CpicReportDrug, type GuidanceRow } from './cpic-transform.js';

const DRUGS = [
  'codeine', 'tramadol', 'ondansetron', 'tamoxifen', 'clopidogrel', 'voriconazole', 'omeprazole', 'lansoprazole', 'pantoprazole',
  'citalopram', 'escitalopram', 'sertraline', 'warfarin', 'phenytoin', 'celecoxib', 'ibuprofen', 'meloxicam', 'tacrolimus', 'efavirenz',
  'fluorouracil', 'capecitabine', 'azathioprine', 'mercaptopurine', 'thioguanine', 'simvastatin', 'atorvastatin', 'rosuvastatin',
  'pravastatin', 'pitavastatin', 'fluvastatin', 'lovastatin', 'atazanavir', 'abacavir', 'allopurinol', 'carbamazepine', 'oxcarbazepine',
];

const [origin, exportPath, ...reports] = process.argv.slice(2);
if (!origin || !exportPath || reports.length === 0) {
  console.error('usage: tsx scripts/data/cpic-guidance.ts "<origin>" cpic-export.json report.json [...]');
  process.exit(2);
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const key = (row: GuidanceRow) => JSON.stringify([row.drug, row.phenotypes, row.population, row.activity_score ?? null]);
const files: { file: string; sha256: string; cpic_version: string }[] = [];
const rows = new Map<string, GuidanceRow>();
const pairs = new Map<string, { drug: string; genes: string[]; source: string }>();
const reportPmid = new Map<string, string>();
for (const path of reports) {
  const text = readFileSync(path, 'utf8');
  const report = JSON.parse(text) as { dataVersion: string; drugs: { 'CPIC Guideline Annotation': Record<string, CpicReportDrug> } };
  files.push({ file: basename(path), sha256: sha256(text), cpic_version: report.dataVersion });
  const cpic = report.drugs['CPIC Guideline Annotation'];
  for (const drug of DRUGS) {
    if (!cpic[drug]) continue;
    const pair = guidelinePair(cpic[drug]);
    if (pair) pairs.set(drug, pair);
    const latest = [...cpic[drug].citations].sort((a, b) => b.year - a.year)[0];
    if (latest) reportPmid.set(drug, latest.pmid);
    for (const row of guidanceRows(cpic[drug])) rows.set(key(row), row);
  }
}

const exportText = readFileSync(exportPath, 'utf8');
const parsed = parseCpicExport(exportText);
if ('problems' in parsed) {
  console.error(parsed.problems.map((p) => `line ${p.line}: ${p.message}`).join('\n'));
  process.exit(1);
}
files.push({ file: basename(exportPath), sha256: sha256(exportText), cpic_version: parsed.value.version });
const superseded: string[] = [];
for (const drug of DRUGS) {
  const pair = parsed.value.pairs.find((p) => p.drug === drug);
  if (!pair) continue;
  const newer = reportPmid.get(drug);
  if (newer && !parsed.value.pmids[drug]!.includes(newer)) {
    superseded.push(drug);
    continue;
  }
  if (!pairs.has(drug)) pairs.set(drug, pair);
  for (const row of parsed.value.rows.filter((r) => r.drug === drug)) if (!rows.has(key(row))) rows.set(key(row), row);
}

const table = {
  name: 'CPIC gene–drug recommendations',
  version: [...new Set(files.map((f) => f.cpic_version))].join('; '),
  licence: 'CC0-1.0',
  source: `CPIC recommendations: CPIC's recommendation export and the CPIC annotations of PharmCAT example reports (newer data wins), ${origin}. Each row names its guideline and CPIC data version.`,
  licence_note: 'CC0 1.0 (CPIC terms of use); cite CPIC, www.clinpgx.org',
  generated_by: 'scripts/data/cpic-guidance.ts',
  files,
  superseded_in_export: superseded,
  pairs: DRUGS.flatMap((d) => (pairs.has(d) ? [pairs.get(d)!] : [])),
  rows: [...rows.values()].sort((a, b) => DRUGS.indexOf(a.drug) - DRUGS.indexOf(b.drug)),
};
writeFileSync(new URL('../../src/runtime/modules/genomics/data/cpic-guidance.json', import.meta.url), `${JSON.stringify(table, null, 1)}\n`);
console.log(`wrote ${table.rows.length} rows; export rows not used for ${superseded.join(', ') || 'no drug'} (newer guideline)`);
