// Fills `rxcui` (the RxNorm ingredient concept id) into every row of the pk drug table from files derived
// from NLM's RxNorm release, and records the inputs (file, release, SHA-256) in the table header, so the
// identities can be re-generated and audited. A drug whose ingredient is in neither input keeps
// `rxcui: null`: an unverified id is left out, never typed in.
//
//   npx tsx scripts/data/pk-rxcui.ts <extract-dir> <cpic-drugs.tsv>
//
// <extract-dir>: the per-letter ingredient files web/data/*.json of github.com/davidanderson3/rxnorm-ingredients
//   at commit a8fcf13a679fa37073e8fa83e11d5e0d8cc07276 (RxNorm RRF extract; names and RXCUIs of IN, PIN and
//   MIN concepts). Its A.json is missing from that snapshot, so drugs starting with A come from the second input.
// <cpic-drugs.tsv>: `drugid <TAB> name <TAB> rxnormid` rows ("RxNorm:N") of the CPIC database bootstrap
//   (github.com/cpicpgx/cpic-data at commit 459e3ebdccdccbe515a71dacf038ec532d1bc68d, CC0 1.0), made with
//   git grep -h -E $'^RxNorm:[0-9]+\t' HEAD -- src/main/resources/db/migration | cut -f1,2,4 | sort -u
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Table names whose RxNorm ingredient name is not the table name in lower case with spaces. */
const RXNORM_NAME: Record<string, string> = {
  Epinephrine_IV: 'epinephrine',
  Vasopressin: 'vasopressin (USP)',
  Piperacillin_Tazobactam: 'piperacillin / tazobactam',
  TMP_SMX: 'sulfamethoxazole / trimethoprim',
  Tenofovir: 'tenofovir disoproxil',
  Valproic_Acid: 'valproate',
  Insulin_Regular: 'insulin, regular, human',
  Dabigatran: 'dabigatran etexilate',
  Insulin_Aspart: 'insulin aspart, human',
  Insulin_NPH: 'insulin isophane',
  Protamine: 'protamine sulfate (USP)',
  Phytonadione: 'vitamin K1',
  Glycopyrrolate: 'glycopyrronium',
  Sodium_Thiosulfate: 'thiosulfate',
  Prothrombin_Complex_Concentrate: 'factor IX / factor VII / factor X / protein C / protein S / prothrombin',
  Sacubitril_Valsartan: 'sacubitril / valsartan',
  Carbidopa_Levodopa: 'carbidopa / levodopa',
  Cyanocobalamin: 'vitamin B12',
  Sennosides: 'sennosides, USP',
  Ceftaroline: 'ceftaroline fosamil',
  Ceftolozane_Tazobactam: 'ceftolozane / tazobactam',
  Imipenem_Cilastatin: 'cilastatin / imipenem',
  Insulin_Glulisine: 'insulin glulisine, human',
  Digoxin_Immune_Fab: 'digoxin antibodies fab fragments',
  Ferric_Gluconate: 'sodium ferric gluconate complex',
  Baloxavir: 'baloxavir marboxil',
  Bictegravir_Emtricitabine_Tenofovir_Alafenamide: 'bictegravir / emtricitabine / tenofovir alafenamide',
};
/** CPIC spells a few ingredients by their INN; RxNorm (and the table) use the US name. */
const CPIC_NAME: Record<string, string> = { albuterol: 'salbutamol' };
const INGREDIENT_TTYS = new Set(['IN', 'MIN']);

interface Row { name: string; rxcui?: string | null }

const [extractDir, cpicFile] = process.argv.slice(2);
if (!extractDir || !cpicFile) {
  process.stderr.write('usage: tsx scripts/data/pk-rxcui.ts <extract-dir> <cpic-drugs.tsv>\n');
  process.exit(2);
}

const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

const fromExtract = new Map<string, string>();
const extractFiles = readdirSync(extractDir).filter((f) => f.endsWith('.json') && statSync(join(extractDir, f)).size > 0).sort();
for (const file of extractFiles) {
  for (const c of JSON.parse(readFileSync(join(extractDir, file), 'utf8')) as { Name: string; RXCUI: string; TTY: string }[]) {
    if (INGREDIENT_TTYS.has(c.TTY)) fromExtract.set(c.Name.toLowerCase(), c.RXCUI);
  }
}
const fromCpic = new Map<string, string>();
for (const line of readFileSync(cpicFile, 'utf8').split('\n').filter(Boolean)) {
  const [drugId, name] = line.split('\t');
  if (drugId!.startsWith('RxNorm:')) fromCpic.set(name!.toLowerCase(), drugId!.slice('RxNorm:'.length));
}

const dataDir = fileURLToPath(new URL('../../src/runtime/modules/pk/data/', import.meta.url));
const tablePath = join(dataDir, 'drugs.json');
const table = JSON.parse(readFileSync(tablePath, 'utf8')) as Record<string, unknown>;
const groupPaths = readdirSync(join(dataDir, 'drugs')).filter((f) => f.endsWith('.json')).sort().map((f) => join(dataDir, 'drugs', f));
const missing: string[] = [];
let total = 0;
for (const groupPath of groupPaths) {
  const group = JSON.parse(readFileSync(groupPath, 'utf8')) as { drugs: Row[] } & Record<string, unknown>;
  group.drugs = group.drugs.map((row) => {
    const rxName = (RXNORM_NAME[row.name] ?? row.name.replace(/_/g, ' ')).toLowerCase();
    const nlm = fromExtract.get(rxName);
    const cpic = fromCpic.get(CPIC_NAME[rxName] ?? rxName);
    if (nlm && cpic && nlm !== cpic) throw new Error(`${row.name}: the two RxNorm inputs disagree (${nlm} vs ${cpic})`);
    const id = nlm ?? cpic ?? null;
    if (id === null) missing.push(row.name);
    // rxcui sits beside the names it identifies
    const { name, aliases, rxcui: _previous, ...rest } = row as Row & { aliases?: string[] };
    return { name, aliases, rxcui: id, ...rest };
  });
  total += group.drugs.length;
  writeFileSync(groupPath, `${JSON.stringify(group, null, 1)}\n`);
}
table.rxcui_source = {
  text: 'rxcui = RxNorm ingredient (IN, or MIN for fixed combinations) concept id, matched by RxNorm name; null where neither input holds the ingredient. Generated by scripts/data/pk-rxcui.ts.',
  inputs: [
    {
      file: 'github.com/davidanderson3/rxnorm-ingredients web/data/*.json @ a8fcf13a679fa37073e8fa83e11d5e0d8cc07276',
      release: 'extract of the NLM RxNorm release committed 2025-11-20 (repository readme: RxNorm 2025-10-06 release); A.json absent from the snapshot',
      licence: 'RxNorm SAB=RXNORM content is free of licence restrictions (NLM); repository publishes the extract without a licence, only identifiers and names are used',
      sha256: Object.fromEntries(extractFiles.map((f) => [f, sha256(join(extractDir, f))])),
    },
    {
      file: 'github.com/cpicpgx/cpic-data src/main/resources/db/migration (drug rows) @ 459e3ebdccdccbe515a71dacf038ec532d1bc68d',
      release: 'CPIC database bootstrap data (drug ids RxNorm:N)',
      licence: 'CC0 1.0 (CPIC)',
      sha256: sha256(cpicFile),
    },
  ],
};
writeFileSync(tablePath, `${JSON.stringify(table, null, 1)}\n`);
process.stdout.write(`rxcui set for ${total - missing.length} of ${total} drugs; null for: ${missing.join(', ')}\n`);
