// Operator-loaded data packs: licensed or site-owned reference data that cannot ship with cpes
// (the NLM SNOMED CT map, a laboratory's own ranges, …). One mechanism for every kind of pack.

/** A problem found while validating a pack file; `line` is 1-based in the file given. */
export interface PackProblem {
  line: number;
  message: string;
  /** the companion file's name when the problem is in it (the main file otherwise) */
  file?: string;
}

/** What `parse` is told about the files it reads: the main file's name and the optional companion file. */
export interface PackFiles {
  name: string;
  companion?: { name: string; text: string };
}

/**
 * One kind of pack. Adding a kind = one small file next to the module that uses it, exporting a
 * PackKind, named in that module's `packKinds` (the registry collects them for `cpes data`); the module
 * reads `activePack('<kind>')` at call time (null: not installed, so use the shipped table or say the data
 * is missing) and results that used it carry `data_pack: packReference(pack.meta)`. `parse` validates the
 * whole file and returns either every row or every problem: a file with any problem is refused whole, so
 * a bad import changes nothing. Storage, versions, checksums, /v1/health and pickup need nothing more.
 */
export interface PackKind<Row = unknown> {
  kind: string;
  /** one line for `cpes data list` and the usage text */
  summary: string;
  /** a kind that reads an optional second file says what it is (e.g. Appendix C beside the ICD-10-CM order file) */
  companion?: string;
  /** the shipped table (its `name`) that an installed pack of this kind replaces or completes, if any */
  table?: string;
  parse(text: string, files: PackFiles): { rows: Row[]; label: string | null } | { problems: PackProblem[] };
}

/** What the data directory records of an installed pack (also reported by /v1/health and in results). */
export interface PackMeta {
  kind: string;
  /** 1, 2, 3, … per kind: each import gets the next number */
  version: number;
  /** the imported file's base name, e.g. tls_Icd10cmHumanReadableMap_US1000124_20250901.tsv */
  file_name: string;
  /** SHA-256 of the imported file, as the operator can check it against the download */
  sha256: string;
  /** what the file says it is (release date, laboratory), when it says */
  label: string | null;
  rows: number;
  imported_at: string;
  /** SHA-256 of the stored rows file, checked when a process loads it */
  rows_sha256: string;
  /** the optional second file the kind read with the main one */
  companion?: { file_name: string; sha256: string };
}

export interface LoadedPack<Row = unknown> {
  meta: PackMeta;
  rows: readonly Row[];
}

/** How a result names the pack it used (modules: add it as `data_pack`). */
export function packReference(meta: PackMeta): { kind: string; version: number; label: string | null; file_name: string; sha256: string } {
  return { kind: meta.kind, version: meta.version, label: meta.label, file_name: meta.file_name, sha256: meta.sha256 };
}

/** A pack's description where the file names may not be shown (the unauthenticated /v1/health). */
export function packSummary(meta: PackMeta): { kind: string; version: number; label: string | null; rows: number; imported_at: string } {
  return { kind: meta.kind, version: meta.version, label: meta.label, rows: meta.rows, imported_at: meta.imported_at };
}

export class PackError extends Error {
  override name = 'PackError';
  constructor(
    message: string,
    readonly problems: PackProblem[] = [],
  ) {
    super(message);
  }
}
