// What each icd function answers (docs/library.md, the checker's field check and the boundary check read these).
import { dataPackField, dataPacksField } from '../pack-fields.js';
import type { RecordResultSpec, ResultField, ValueSpec } from '../types.js';
import { flag, int, optional, record, text } from '../util/result-fields.js';

const list = (name: string, items: ValueSpec, description: string): ResultField => ({ name, type: 'array', items, description });

const CODE_PACKS = dataPacksField('the icd10cm (and msdrg-weights) data packs the answer used; absent when the shipped tables answered');
const codeGiven = text('code', 'the code given, normalised (e119 → E11.9)');
const codeFound = flag('found', 'false for a code not in the code set');
const description = text('description', 'the code title');
const codeAndTitle = (what: string): ResultField[] => [text('code', `the ${what} code`), text('description', 'its title')];
const CATEGORY: ResultField = {
  name: 'category',
  type: ['object', 'null'],
  description: 'the 3-character category; null when the code set has no such category',
  fields: [text('code', 'the category code, e.g. `E11`'), text('title', 'the category title')],
};
const CHAPTER: ResultField[] = [
  { name: 'chapter', type: ['string', 'null'], description: 'the chapter as a Roman numeral (I–XXII); null outside every chapter' },
  { name: 'chapter_title', type: ['string', 'null'], description: 'the chapter title; null outside every chapter' },
];
const CC_LEVEL: ResultField = { name: 'cc_level', type: ['string', 'null'], enum: ['MCC', 'CC'], description: 'the secondary-diagnosis severity (MCC or CC); null for neither, or when unknown (then cc_note says why)' };

/** One MS-DRG of a family with its weight and mean stays (from an installed msdrg-weights pack). */
const DRG_FIELDS: ResultField[] = [
  text('drg', 'the MS-DRG number, e.g. `291`'),
  text('name', 'the MS-DRG title'),
  text('severity', 'the severity level of this MS-DRG', { enum: ['MCC', 'CC', 'CC/MCC', 'none'] }),
  { name: 'weight', type: ['number', 'null'], description: 'relative weight; null without an msdrg-weights pack' },
  { name: 'geometric_mean_los', type: ['number', 'null'], unit: 'days', description: 'geometric mean length of stay; null without an msdrg-weights pack' },
  { name: 'arithmetic_mean_los', type: ['number', 'null'], unit: 'days', description: 'arithmetic mean length of stay; null without an msdrg-weights pack' },
];
const [drgNumber, drgName, ...drgRest] = DRG_FIELDS as [ResultField, ResultField, ...ResultField[]];

export const ICD_RESULTS: Readonly<Record<string, RecordResultSpec>> = {
  lookup: {
    type: 'ICD_LOOKUP',
    description: 'the code with its title, category, chapter, billability and CC/MCC level; a code not found answers its parent category and suggestions',
    fields: [
      codeGiven,
      codeFound,
      optional({ name: 'parent', type: ['object', 'null'], description: 'only when not found: the category the code would belong to; null when none', fields: codeAndTitle('category') }),
      ...[
        description,
        CATEGORY,
        ...CHAPTER,
        flag('is_billable', 'whether the code is valid for billing (a leaf code)'),
        CC_LEVEL,
        text('cc_note', 'why cc_level is unknown (an icd10cm pack loaded without Appendix C)'),
        list('related_codes', { type: 'string', description: 'an ICD-10-CM code' }, "the table's own related codes"),
        list('snomed_ct', { type: 'string', description: 'a SNOMED CT concept id' }, 'SNOMED CT concepts the installed map sends to this code (empty without a map)'),
        dataPackField('the snomed-icd10-map data pack read; absent without one'),
        text('snomed_note', 'why snomed_ct is empty: no SNOMED CT map is installed'),
      ].map(optional),
      CODE_PACKS,
    ],
  },
  search: {
    type: 'ICD_SEARCH',
    description: 'the codes matching every word, an exact code first',
    fields: [
      text('query', 'the term given'),
      list('results', record('one code', [text('code', 'the code'), description, text('category', 'its 3-character category'), flag('billable', 'whether the code is billable')]), 'the codes matched, at most limit'),
      int('count', 'codes answered'),
      flag('truncated', 'true when more codes matched than the limit'),
      CODE_PACKS,
    ],
  },
  category: {
    type: 'ICD_CATEGORY',
    description: "the code's category and chapter",
    fields: [codeGiven, flag('found', 'whether the code set has the category'), CATEGORY, ...CHAPTER, CODE_PACKS],
  },
  related: {
    type: 'ICD_RELATED',
    description: "the code's related codes and the other codes of its category",
    fields: [
      codeGiven,
      codeFound,
      { ...description, type: ['string', 'null'], description: 'the code title; null when not found' },
      list('related', record('one code', codeAndTitle('related')), 'related codes then the rest of the category, in code order (empty when not found)'),
      CODE_PACKS,
    ],
  },
  drg_lookup: {
    type: 'ICD_DRG',
    description: 'the MS-DRG families of the principal diagnosis and the severity chosen (not certified grouping)',
    fields: [
      list('input_codes', { type: 'string', description: 'a code, normalised' }, 'the codes given, principal first'),
      text('principal', 'the principal diagnosis'),
      flag('found', 'whether any MS-DRG family lists the principal diagnosis'),
      { name: 'severity', type: ['string', 'null'], enum: ['MCC', 'CC', 'none'], description: 'the highest CC/MCC level among the secondary codes; null when the code set has no CC/MCC levels' },
      list(
        'matches',
        record('one family', [
          text('family', 'the family name'),
          flag('requires_procedure', 'whether the family is surgical (needs a procedure, so it is never chosen)'),
          list('levels', record('one MS-DRG of the family', DRG_FIELDS), 'its MS-DRGs by severity'),
        ]),
        'every family that lists the principal diagnosis',
      ),
      {
        name: 'primary_drg',
        type: ['object', 'null'],
        description: 'the MS-DRG of the medical family at the severity found; null when no medical family matched or the severity is unknown',
        fields: [drgNumber, drgName, text('mdc', 'the major diagnostic category'), ...drgRest],
      },
      text('grouper_note', 'what this lookup does not apply, and why weights or severity may be missing'),
      CODE_PACKS,
    ],
  },
  snomed_to_icd: {
    type: 'ICD_SNOMED_MAP',
    description: "the ICD-10-CM targets of the concept in the installed map, in map group then priority order",
    fields: [
      text('snomed_ct', 'the concept id given'),
      flag('found', 'true when the map sends the concept to at least one code'),
      list(
        'icd10_matches',
        record('one map row', [
          { name: 'code', type: ['string', 'null'], description: 'the target code; null for a row that maps to no code (map_advice says why)' },
          { name: 'description', type: ['string', 'null'], description: 'the target code title; null when the code set lacks it' },
          int('map_group', 'the map group (one target per group applies)'),
          int('map_priority', 'the order of rules within the group'),
          text('map_rule', 'the condition under which the row applies (`TRUE` for always)'),
          text('map_advice', "NLM's advice for the row, in words"),
        ]),
        'the map rows of the concept (empty without a map)',
      ),
      int('count', 'map rows answered'),
      optional({ name: 'snomed_term', type: ['string', 'null'], description: "the concept's term in the map; null when it has no rows; absent without a map" }),
      dataPackField('the snomed-icd10-map data pack read; absent without one'),
      optional(text('note', 'only without a map: that none is installed')),
    ],
  },
  validate_codes: {
    type: 'ICD_VALIDATE',
    description: 'each code checked for its shape and against the code set',
    fields: [
      int('total', 'codes checked'),
      int('valid', 'codes in the code set'),
      int('invalid', 'codes not in the code set'),
      list(
        'results',
        record('one code checked', [
          text('code', 'the code normalised, or as given when it is not ICD-10-CM shaped'),
          flag('format_valid', 'whether it is ICD-10-CM shaped'),
          flag('valid', 'whether it is in the code set'),
          flag('billable', 'whether it is billable (false when not valid)'),
          { name: 'description', type: ['string', 'null'], description: 'the code title; null when not valid' },
        ]),
        'each code, in the order given',
      ),
      CODE_PACKS,
    ],
  },
};

/** Each item of icd.list_codes. */
export const CODE_LIST_ITEM: ValueSpec = record('one code', [text('code', 'the code'), description, CHAPTER[0]!]);
