// `cpes check FILE...`: report every syntax and compile error and every warning as FILE:LINE:COL with
// the source line and a caret (exit 0 clean or with warnings only, 2 with errors, 1 on usage or I/O errors).
import { readFile } from 'node:fs/promises';
import { stripByteOrderMark } from '../compiler/frontend.js';
import type { Diagnostic } from '../diagnostic.js';
import { checkProtocol } from '../engine/index.js';

const USAGE = 'usage: cpes check [--no-source] FILE...';

/** The diagnostic line, then (unless omitted) the source line and a caret under the column. */
export function renderDiagnostic(file: string, source: string, d: Pick<Diagnostic, 'line' | 'column' | 'message'> & { severity?: Diagnostic['severity'] }, withSource: boolean): string {
  const head = `${file}:${d.line}:${d.column}: ${d.severity ?? 'error'}: ${d.message}`;
  return withSource ? `${head}\n${sourceWithCaret(source, d.line, d.column)}` : head;
}

/** The source line and a caret under the column (tabs kept, so the caret lines up). */
export function sourceWithCaret(source: string, line: number, column: number): string {
  const text = source.split(/\r?\n/)[line - 1] ?? '';
  const indent = text.slice(0, Math.max(0, column - 1)).replace(/[^\t]/g, ' ');
  return `${text}\n${indent}^`;
}

export async function main(argv: string[]): Promise<number> {
  let withSource = true;
  const files: string[] = [];
  for (const arg of argv) {
    if (arg === '--no-source') withSource = false;
    else if (arg === '--help' || arg === '-h') {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    } else if (arg.startsWith('-')) {
      process.stderr.write(`cpes check: unknown option '${arg}'\n${USAGE}\n`);
      return 1;
    } else files.push(arg);
  }
  if (files.length === 0) {
    process.stderr.write(`cpes check: no file given\n${USAGE}\n`);
    return 1;
  }
  let ioError = false;
  let errors = 0;
  for (const file of files) {
    let source: string;
    try {
      source = stripByteOrderMark(await readFile(file, 'utf8'));
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message;
      process.stderr.write(`cpes check: cannot read ${file}: ${reason}\n`);
      ioError = true;
      continue;
    }
    const diagnostics = checkProtocol(source);
    for (const d of diagnostics) process.stdout.write(renderDiagnostic(file, source, d, withSource) + '\n');
    const fileErrors = diagnostics.filter((d) => d.severity === 'error').length;
    const warnings = diagnostics.length - fileErrors;
    if (fileErrors === 0) process.stdout.write(`ok: ${file}${warnings ? ` (${warnings} warning${warnings === 1 ? '' : 's'})` : ''}\n`);
    errors += fileErrors;
  }
  if (ioError) return 1;
  return errors > 0 ? 2 : 0;
}
