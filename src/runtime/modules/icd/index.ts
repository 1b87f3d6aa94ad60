// modules.md §9: ICD-10-CM lookup and validation, MS-DRG family lookup, SNOMED CT → ICD-10-CM mapping.
import { suggestNames } from '../../../util/names.js';
import { packReference, type PackKind } from '../../packs/types.js';
import { categoryOf, chapterOf, drgs, icd, normalizeCode, relatedCodes, searchCodes, type CodeSet } from './codes.js';
import { drgLookup } from './drg.js';
import { drgWeightsKind } from './drg-weights-pack.js';
import { activeCodes, icd10cmKind, installedCodePack } from './icd10cm-pack.js';
import { conceptsMappedTo, installedSnomedMap, mapRowsOf, snomedMapKind } from './snomed-pack.js';
import { CODE_LIST_ITEM, ICD_RESULTS } from './results.js';
import { isVerhoeffValid } from './verhoeff.js';
import { ArgumentError, type FunctionSpec, type JsonObject, type JsonValue, type ModuleDef, type ParamSpec } from '../types.js';

const fn = (spec: Omit<FunctionSpec, 'state'>): FunctionSpec => ({ ...spec, state: 'none' });
const codeParam: ParamSpec = { name: 'code', type: 'string', maxLength: 20, description: 'ICD-10-CM code, dot optional (e119 = E11.9)' };
const CODE_SOURCE = `${icd.name} ${icd.version}: ${icd.source}; an installed icd10cm data pack (CMS/NCHS order file) replaces it, and results name it in data_packs`;
const DRG_SOURCE = `${drgs.name} ${drgs.version}: ${drgs.source}; weights and mean stays from an installed msdrg-weights data pack (IPPS final rule Table 5)`;
const SNOMED_SOURCE =
  "NLM SNOMED CT to ICD-10-CM map (US Edition, extended map refset 6011000124106), loaded by the operator as a 'snomed-icd10-map' data pack under their UMLS licence; results that used it name the pack in data_pack";
const NO_SNOMED_MAP = 'no SNOMED CT map is loaded on this installation; see cpes data import';
const ROMAN = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XI', 'XII', 'XIII', 'XIV', 'XV', 'XVI', 'XVII', 'XVIII', 'XIX', 'XX', 'XXI', 'XXII'];

function codeOrError(input: string, label: string): string {
  const code = normalizeCode(input);
  if (code === null) throw new ArgumentError(`${label}: argument 1 'code' ${JSON.stringify(input)} is not an ICD-10-CM code (letter, digit, digit or letter, then up to 4 characters after the dot, e.g. E11.9)`);
  return code;
}

function chapterFields(code: string): { chapter: string | null; chapter_title: string | null } {
  const chapter = chapterOf(code);
  return { chapter: chapter?.chapter ?? null, chapter_title: chapter?.title ?? null };
}

/** The packs an answer from this code set used (the icd10cm pack when one is installed). */
function codePacks(): JsonObject[] {
  const pack = installedCodePack();
  return pack ? [packReference(pack.meta)] : [];
}

const withPacks = (result: JsonObject): JsonObject => {
  const packs = codePacks();
  return packs.length ? { ...result, data_packs: packs } : result;
};

function ccFields(set: CodeSet, billable: boolean, level: IcdLevel): JsonObject {
  if (set.ccLevels || !billable) return { cc_level: level };
  return { cc_level: null, cc_note: 'CC/MCC level unknown: the installed icd10cm pack was loaded without Appendix C' };
}
type IcdLevel = 'MCC' | 'CC' | null;

function lookup(set: CodeSet, code: string): JsonObject {
  const entry = set.byCode.get(code);
  if (!entry) {
    const parent = categoryOf(set, code);
    const parentEntry = parent && set.byCode.get(parent.code);
    return withPacks({
      type: 'ICD_LOOKUP',
      code,
      found: false,
      parent: parent ? { code: parent.code, description: parentEntry?.description ?? parent.title } : null,
      suggestions: suggestNames(code, set.codes.map((c) => c.code)),
    });
  }
  return withPacks({
    type: 'ICD_LOOKUP',
    code,
    found: true,
    description: entry.description,
    category: categoryOf(set, code),
    ...chapterFields(code),
    is_billable: entry.billable,
    ...ccFields(set, entry.billable, entry.cc_level),
    related_codes: [...entry.related],
    ...snomedFields(code),
  });
}

/** The SNOMED CT concepts mapped to a code, from the installed map pack (none installed: an empty list and a note). */
function snomedFields(code: string): JsonObject {
  const pack = installedSnomedMap();
  if (!pack) return { snomed_ct: [], snomed_note: NO_SNOMED_MAP };
  return { snomed_ct: conceptsMappedTo(pack, code), data_pack: packReference(pack.meta) };
}

function search(term: string, limit: number): JsonObject {
  const { results, truncated } = searchCodes(activeCodes(), term, limit);
  const rows = results.map((c) => ({ code: c.code, description: c.description, category: c.code.slice(0, 3), billable: c.billable }));
  return withPacks({ type: 'ICD_SEARCH', query: term, results: rows, count: rows.length, truncated });
}

function snomedId(value: JsonValue): string {
  const label = 'icd.snomed_to_icd';
  let id: string;
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value) || value < 0) throw new ArgumentError(`${label}: argument 1 'snomed_code' must be a whole number of 6–18 digits, got ${value}`);
    id = String(value);
  } else {
    id = String(value).trim();
  }
  if (!/^[0-9]{6,18}$/.test(id)) throw new ArgumentError(`${label}: argument 1 'snomed_code' must be 6–18 digits, got ${JSON.stringify(value)}`);
  if (!isVerhoeffValid(id)) throw new ArgumentError(`${label}: argument 1 'snomed_code' ${id} fails the Verhoeff check digit; check for a typing error`);
  return id;
}

function chapterFilter(value: JsonValue): string | null {
  if (value === null) return null;
  const label = 'icd.list_codes';
  if (typeof value === 'number') {
    if (Number.isInteger(value) && value >= 1 && value <= 22) return ROMAN[value - 1]!;
  } else if (typeof value === 'string') {
    const v = value.trim().toUpperCase();
    if (ROMAN.includes(v)) return v;
    if (/^[0-9]{1,2}$/.test(v) && Number(v) >= 1 && Number(v) <= 22) return ROMAN[Number(v) - 1]!;
  }
  throw new ArgumentError(`${label}: argument 1 'chapter' must be a Roman numeral I–XXII or a number 1–22, got ${JSON.stringify(value)}`);
}

const icdModule: ModuleDef = {
  packKinds: [snomedMapKind as PackKind, icd10cmKind as PackKind, drgWeightsKind as PackKind],
  name: 'icd',
  description: 'ICD-10-CM lookup, search and validation, MS-DRG family lookup, SNOMED CT → ICD-10-CM map.',
  functions: [
    fn({
      name: 'lookup',
      description: 'An ICD-10-CM code with its description, category, chapter, billability and CC/MCC level.',
      params: [codeParam],
      result: ICD_RESULTS.lookup!,
      sources: [CODE_SOURCE, SNOMED_SOURCE],
      impl: (a) => lookup(activeCodes(), codeOrError(a.code as string, 'icd.lookup')),
    }),
    fn({
      name: 'search',
      description: 'Codes whose description, category title or code prefix contains every word of the term.',
      params: [
        { name: 'term', type: 'string', maxLength: 200, description: 'search words' },
        { name: 'limit', type: 'integer', minimum: 1, maximum: 500, default: 50, description: 'most results returned' },
      ],
      result: ICD_RESULTS.search!,
      sources: [CODE_SOURCE],
      impl: (a) => {
        const term = a.term as string;
        if (term.trim() === '') throw new ArgumentError("icd.search: argument 1 'term' must contain a word");
        return search(term, a.limit as number);
      },
    }),
    fn({
      name: 'category',
      description: 'The 3-character category and chapter of a code.',
      params: [codeParam],
      result: ICD_RESULTS.category!,
      sources: [CODE_SOURCE],
      impl: (a) => {
        const code = codeOrError(a.code as string, 'icd.category');
        const category = categoryOf(activeCodes(), code);
        return withPacks({ type: 'ICD_CATEGORY', code, found: category !== null, category, ...chapterFields(code) });
      },
    }),
    fn({
      name: 'related',
      aliases: ['related_codes'],
      description: "The code's related codes and the other codes of its category.",
      params: [codeParam],
      result: ICD_RESULTS.related!,
      sources: [CODE_SOURCE],
      impl: (a): JsonObject => {
        const code = codeOrError(a.code as string, 'icd.related');
        const set = activeCodes();
        const entry = set.byCode.get(code);
        if (!entry) return withPacks({ type: 'ICD_RELATED', code, found: false, description: null, related: [], suggestions: suggestNames(code, set.codes.map((c) => c.code)) });
        return withPacks({ type: 'ICD_RELATED', code, found: true, description: entry.description, related: relatedCodes(set, entry).map((c) => ({ code: c.code, description: c.description })) });
      },
    }),
    fn({
      name: 'drg_lookup',
      description: 'MS-DRG family of a principal diagnosis with its severity level from secondary CC/MCC codes (not certified grouping).',
      params: [{ name: 'diagnosis_codes', type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 25, description: 'principal diagnosis first, then secondary diagnoses' }],
      result: ICD_RESULTS.drg_lookup!,
      sources: [DRG_SOURCE, CODE_SOURCE],
      impl: (a) =>
        drgLookup(
          activeCodes(),
          (a.diagnosis_codes as string[]).map((input, i) => {
            const code = normalizeCode(input);
            if (code === null) throw new ArgumentError(`icd.drg_lookup: argument 1 'diagnosis_codes' item ${i} ${JSON.stringify(input)} is not an ICD-10-CM code`);
            return code;
          }),
          codePacks(),
        ),
    }),
    fn({
      name: 'snomed_to_icd',
      description: 'ICD-10-CM targets of a SNOMED CT concept in the map (group, then priority order).',
      params: [{ name: 'snomed_code', type: ['string', 'integer'], maxLength: 18, description: 'SNOMED CT concept id (6–18 digits, Verhoeff check digit)' }],
      result: ICD_RESULTS.snomed_to_icd!,
      sources: [SNOMED_SOURCE],
      impl: (a): JsonObject => {
        const id = snomedId(a.snomed_code!);
        const pack = installedSnomedMap();
        if (!pack) return { type: 'ICD_SNOMED_MAP', snomed_ct: id, found: false, icd10_matches: [], count: 0, note: NO_SNOMED_MAP };
        const rows = mapRowsOf(pack, id);
        const matches = rows.map((r) => ({
          code: r.icd_code,
          description: r.icd_code === null ? null : (activeCodes().byCode.get(r.icd_code)?.description ?? null),
          map_group: r.map_group,
          map_priority: r.map_priority,
          map_rule: r.map_rule,
          map_advice: r.map_advice,
        }));
        // a concept NLM maps to no code keeps its rows (their advice says why) but is not "found"
        const found = matches.some((m) => m.code !== null);
        return { type: 'ICD_SNOMED_MAP', snomed_ct: id, found, icd10_matches: matches, count: matches.length, snomed_term: rows[0]?.snomed_term ?? null, data_pack: packReference(pack.meta) };
      },
    }),
    fn({
      name: 'validate_codes',
      description: 'Format and table check of each code.',
      params: [{ name: 'codes', type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 1000, description: 'codes to check' }],
      result: ICD_RESULTS.validate_codes!,
      sources: [CODE_SOURCE],
      impl: (a) => {
        const set = activeCodes();
        const results = (a.codes as string[]).map((input) => {
          const code = normalizeCode(input);
          const entry = code ? set.byCode.get(code) : undefined;
          return { code: code ?? input, format_valid: code !== null, valid: entry !== undefined, billable: entry?.billable ?? false, description: entry?.description ?? null };
        });
        const valid = results.filter((r) => r.valid).length;
        return withPacks({ type: 'ICD_VALIDATE', total: results.length, valid, invalid: results.length - valid, results });
      },
    }),
    fn({
      name: 'list_codes',
      aliases: ['filter_by_chapter'],
      description: 'Codes in code order, optionally of one chapter.',
      params: [{ name: 'chapter', type: ['string', 'integer', 'null'], default: null, maxLength: 10, description: 'Roman numeral (any case) or number 1–22' }],
      result: { bare: 'array', description: 'the codes, each with its title and chapter', items: CODE_LIST_ITEM },
      sources: [CODE_SOURCE],
      impl: (a) => {
        const chapter = chapterFilter(a.chapter!);
        return activeCodes()
          .codes.map((c) => ({ code: c.code, description: c.description, chapter: chapterOf(c.code)?.chapter ?? null }))
          .filter((c) => chapter === null || c.chapter === chapter)
          .sort((p, q) => (p.code < q.code ? -1 : 1));
      },
    }),
  ],
};

export default icdModule;
