// Source → checked AST: the whole front end behind one call (language.md §2–§3, §5, §9).
import type { Diagnostic } from '../diagnostic.js';
import type { Program } from '../parser/ast.js';
import { parse } from '../parser/index.js';
import type { LibraryCatalog } from '../runtime/modules/registry.js';
import { check } from './check/index.js';

export interface AnalysisResult {
  /** the checked program; null when there is any error (warnings do not stop it) */
  program: Program | null;
  /** syntax errors, or (when the syntax is clean) compile errors, in source order */
  diagnostics: Diagnostic[];
  /** what is legal but probably wrong (only when the syntax is clean), in source order */
  warnings: Diagnostic[];
}

/** A UTF-8 byte-order mark at the start of a file is not part of the program. */
export function stripByteOrderMark(source: string): string {
  return source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
}

export function analyze(source: string, catalog: LibraryCatalog): AnalysisResult {
  const parsed = parse(stripByteOrderMark(source));
  if (!parsed.program) return { ...parsed, warnings: [] };
  const found = check(parsed.program, catalog);
  const diagnostics = found.filter((d) => d.severity === 'error');
  const warnings = found.filter((d) => d.severity === 'warning');
  return { program: diagnostics.length ? null : parsed.program, diagnostics, warnings };
}
