// Regenerates src/runtime/modules/genomics/data/cpic-alleles.json from CPIC gene-phenotype files.
// Usage: npx tsx scripts/data/cpic-genomics.ts <dir with GENE.json files> "<where the files came from>"
// The files are CPIC's per-gene exports (CC0); PharmCAT ships them under
// src/main/resources/org/pharmgkb/pharmcat/phenotype/. Re-run against a newer release to update.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { alleleRows, diplotypeRows, type CpicGeneFile } from './cpic-transform.js';

const GENES = ['CYP2D6', 'CYP2C19', 'CYP2C9', 'CYP3A5', 'CYP2B6', 'TPMT', 'NUDT15', 'DPYD', 'SLCO1B1', 'UGT1A1'];
// VKORC1 is read by rs9923231 genotype (G/G, G/A, A/A), which needs no allele table.
/** DPYD's lookup lists every pair of its 84 variants (3,570 rows); its activity-score rule needs none of it. */
const WITHOUT_DIPLOTYPES = new Set(['DPYD']);

const [dir, origin] = process.argv.slice(2);
if (!dir || !origin) {
  console.error('usage: tsx scripts/data/cpic-genomics.ts <dir> "<origin: repository and commit>"');
  process.exit(2);
}

const files: { file: string; sha256: string; cpic_version: string }[] = [];
const genes: Record<string, unknown> = {};
for (const gene of GENES) {
  const text = readFileSync(join(dir, `${gene}.json`), 'utf8');
  const parsed = JSON.parse(text) as CpicGeneFile;
  files.push({ file: `${gene}.json`, sha256: createHash('sha256').update(text).digest('hex'), cpic_version: parsed.version });
  genes[gene] = { alleles: alleleRows(parsed), diplotypes: WITHOUT_DIPLOTYPES.has(gene) ? {} : diplotypeRows(parsed) };
}

const table = {
  name: 'CPIC allele function and diplotype phenotypes',
  version: [...new Set(files.map((f) => f.cpic_version))].join('; '),
  licence: 'CC0-1.0',
  source: `CPIC gene-phenotype files (allele functionality and diplotype-phenotype tables), ${origin}`,
  licence_note: 'CC0 1.0 (CPIC terms of use, cpicpgx/cpic-data LICENSE.md); cite CPIC, www.clinpgx.org',
  generated_by: 'scripts/data/cpic-genomics.ts',
  files,
  genes,
};
writeFileSync(new URL('../../src/runtime/modules/genomics/data/cpic-alleles.json', import.meta.url), `${JSON.stringify(table, null, 1)}\n`);
console.log(`wrote ${GENES.length} genes`);
