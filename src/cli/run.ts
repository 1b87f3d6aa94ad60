// `cpes run FILE [--patient JSON|@file.json] [--json] [--data-dir DIR]`: run a protocol locally, with the
// data packs and the db/research store of DIR (or $CPES_DATA_DIR) when given, as `cpes serve` would.
// Exit 0 on success, 1 on a runtime error (or usage/I-O error, or a patient that cannot be used), 2 on
// syntax or compile errors.
import { readFile } from 'node:fs/promises';
import { stripByteOrderMark } from '../compiler/frontend.js';
import { runProtocol } from '../engine/index.js';
import { renderDiagnostic, sourceWithCaret } from './check.js';
import { installLibraryStore } from '../engine/library-store.js';
import { usePackDirectory } from '../runtime/packs/active.js';
import { quotasFromEnv } from '../store/quotas.js';
import { SqliteLibraryStore } from '../store/sqlite/library.js';
import type { JsonValue } from '../runtime/modules/types.js';

const USAGE = `usage: cpes run FILE [--patient JSON|@file.json] [--json] [--data-dir DIR]
  --data-dir DIR   use DIR's data packs and keep db and research records in DIR's store (organization
                   'development'; env CPES_DATA_DIR); without it those records live in memory for this run`;

async function readPatient(spec: string): Promise<Record<string, JsonValue>> {
  const text = spec.startsWith('@') ? await readFile(spec.slice(1), 'utf8') : spec;
  const parsed: unknown = JSON.parse(stripByteOrderMark(text));
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('the patient must be a JSON object');
  return parsed as Record<string, JsonValue>;
}

export async function main(argv: string[]): Promise<number> {
  let file: string | undefined;
  let patientSpec: string | undefined;
  let json = false;
  let dataDir = process.env.CPES_DATA_DIR || undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--json') json = true;
    else if (arg === '--patient') patientSpec = argv[++i];
    else if (arg.startsWith('--patient=')) patientSpec = arg.slice('--patient='.length);
    else if (arg === '--data-dir') dataDir = argv[++i];
    else if (arg.startsWith('--data-dir=')) dataDir = arg.slice('--data-dir='.length);
    else if (arg === '--help' || arg === '-h') {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    } else if (arg.startsWith('-') || file !== undefined) {
      process.stderr.write(`cpes run: unexpected argument '${arg}'\n${USAGE}\n`);
      return 1;
    } else file = arg;
  }
  if (file === undefined || (argv.includes('--patient') && patientSpec === undefined) || (argv.includes('--data-dir') && !dataDir)) {
    process.stderr.write(`${USAGE}\n`);
    return 1;
  }
  let source: string;
  let patient: Record<string, JsonValue> | undefined;
  try {
    source = await readFile(file, 'utf8');
  } catch (error) {
    process.stderr.write(`cpes run: cannot read ${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}\n`);
    return 1;
  }
  try {
    patient = patientSpec === undefined ? undefined : await readPatient(patientSpec);
  } catch (error) {
    process.stderr.write(`cpes run: bad --patient: ${(error as Error).message}\n`);
    return 1;
  }
  if (dataDir) {
    try {
      installLibraryStore(SqliteLibraryStore.open(dataDir, { quotas: quotasFromEnv(process.env) }));
    } catch (error) {
      process.stderr.write(`cpes run: cannot open the data directory ${dataDir}: ${(error as Error).message}\n`);
      return 1;
    }
  }
  usePackDirectory(dataDir ?? null);
  const outcome = runProtocol(stripByteOrderMark(source), patient);
  if (json) {
    process.stdout.write(JSON.stringify(outcome.body, null, 2) + '\n');
  } else {
    for (const e of outcome.body.events) process.stdout.write(`${e.event}\n`);
    if (outcome.body.alerts.length) {
      process.stdout.write('\nalerts:\n');
      for (const a of outcome.body.alerts) process.stdout.write(`  [${a.severity}] line ${a.line}: ${a.message}\n`);
    }
    const text = stripByteOrderMark(source);
    for (const d of outcome.body.diagnostics ?? []) process.stderr.write(`${renderDiagnostic(file, text, d, true)}\n`);
    if (outcome.kind !== 'ok' && outcome.kind !== 'invalid') process.stderr.write(`${outcome.body.error}\n`);
    if (outcome.at) process.stderr.write(`${sourceWithCaret(text, outcome.at.line, outcome.at.column)}\n`);
    // a request refused before running (a patient that cannot be used) has no diagnostics: say why
    if (outcome.kind === 'invalid' && !outcome.body.diagnostics) process.stderr.write(`cpes run: ${outcome.body.error}\n`);
  }
  return outcome.kind === 'ok' ? 0 : outcome.kind === 'invalid' && outcome.body.diagnostics ? 2 : 1;
}
