// The kinds of data pack `cpes data import` accepts. Each lives beside the module that applies it.
//
// To add a kind (`fee-schedule` for finance is next): write one file next to the
// module exporting a PackKind whose `parse` validates the whole file and returns plain JSON rows (or every
// problem with its line), list it here, and in the module read `activePack('<kind>')` at call time —
// null means "not installed" (use the shipped table or say the data is missing), and results that used
// the pack carry `data_pack: packReference(pack.meta)`. Storage, versions, checksums, `cpes data`,
// /v1/health and pickup by running servers need nothing more.
import { snomedMapKind } from '../modules/icd/snomed-pack.js';
import { labRangesKind } from '../modules/lab/ranges-pack.js';
import { formularyKind } from '../modules/pk/formulary-pack.js';
import type { PackKind } from './types.js';

export const PACK_KINDS: readonly PackKind[] = [snomedMapKind as PackKind, labRangesKind as PackKind, formularyKind as PackKind];

export function packKind(name: string): PackKind | undefined {
  return PACK_KINDS.find((k) => k.kind === name);
}
