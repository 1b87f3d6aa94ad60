// Pack kind `icd10cm`: the complete ICD-10-CM code set from CMS/NCHS's "code descriptions in tabular
// order" file of any fiscal year (icd10cm_order_<year>.txt, public domain), with the CC/MCC levels of the
// MS-DRG Definitions Manual's Appendix C as an optional second file. Installed, it replaces the shipped
// subset for every icd function; without Appendix C no code's CC/MCC level is known (and results say so).
import { activePack, derived } from '../../packs/active.js';
import type { LoadedPack, PackKind, PackMeta } from '../../packs/types.js';
import { codeSetOf, SHIPPED_CODES, type CodeSet, type IcdCode } from './codes.js';
import { ccStrays, fiscalYearOf, parseCcList, parseOrderFile } from './official-files.js';

export const ICD10CM_PACK = 'icd10cm';

export const icd10cmKind: PackKind<IcdCode> = {
  kind: ICD10CM_PACK,
  table: 'icd10cm',
  summary: 'the complete ICD-10-CM code set: CMS/NCHS icd10cm_order_<year>.txt as downloaded (public domain)',
  companion: "the MS-DRG Definitions Manual's Appendix C text (CC/MCC levels) of the matching grouper version",
  parse(text, files) {
    const order = parseOrderFile(text);
    if ('problems' in order) return order;
    let levels: Map<string, 'CC' | 'MCC'> | null = null;
    if (files.companion) {
      const cc = parseCcList(files.companion.text);
      if ('problems' in cc) return { problems: cc.problems.map((p) => ({ ...p, file: files.companion!.name })) };
      const strays = ccStrays(order.value, cc.value);
      if (strays.length) return { problems: [{ line: 1, file: files.companion.name, message: `lists codes the order file does not hold (${strays.slice(0, 5).join(', ')}${strays.length > 5 ? ', …' : ''}): the two files are of different years` }] };
      levels = cc.value;
    }
    const rows: IcdCode[] = order.value.map((r) => ({ code: r.code, description: r.title, billable: r.billable, cc_level: r.billable ? (levels?.get(r.code) ?? null) : null, related: [] }));
    const year = fiscalYearOf(files.name);
    const counts = `${rows.filter((r) => r.billable).length} billable codes`;
    return { rows, label: `${year ?? 'fiscal year not in the file name'}, ${counts}${levels ? ', CC/MCC from Appendix C' : ', no CC/MCC levels'}` };
  },
};

function packSource(meta: PackMeta): string {
  const cc = meta.companion ? `; CC/MCC levels from ${meta.companion.file_name} (sha256 ${meta.companion.sha256})` : '; no Appendix C was loaded, so CC/MCC levels are unknown';
  return `icd10cm data pack v${meta.version}: ${meta.file_name} (${meta.label}; sha256 ${meta.sha256})${cc}`;
}

export function installedCodePack(): LoadedPack<IcdCode> | null {
  return activePack<IcdCode>(ICD10CM_PACK);
}

/** The code set this call answers from: the installed pack, else the shipped subset. */
export function activeCodes(): CodeSet {
  const pack = installedCodePack();
  return pack ? derived(pack, (rows) => codeSetOf(rows, pack.meta.companion !== undefined, packSource(pack.meta))) : SHIPPED_CODES;
}
