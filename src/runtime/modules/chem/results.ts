// What each chem function answers (docs/library.md, the checker's field check and the boundary check read these).
import type { RecordResultSpec, ResultField, ValueSpec } from '../types.js';
import { int, num, optional, orNull, strings, tag, text } from '../util/result-fields.js';

/** The field, null in the answers `when` says. */
const nullWhen = (field: ResultField, when: string): ResultField => orNull({ ...field, description: `${field.description}; null ${when}` });
/** the record's tag, listed so that a nested copy (a screen's lipinski) declares it too */

const LEVEL = ['high', 'low'];
const found = { name: 'found', type: 'boolean', description: 'false for a compound not in the table nor registered in this run (then only the name and suggestions follow)' } as const satisfies ResultField;

const LIPINSKI_FIELDS: ResultField[] = [
  tag('CHEM_LIPINSKI'),
  num('mw', 'g/mol', 'the molecular weight assessed'),
  num('logp', null, 'the log P assessed'),
  int('hbd', 'hydrogen-bond donors assessed'),
  int('hba', 'hydrogen-bond acceptors assessed'),
  int('violations', 'rules broken (MW > 500, log P > 5, HBD > 5, HBA > 10)'),
  { name: 'violation_details', type: 'array', items: strings('one rule broken, e.g. `MW 612 > 500`'), description: 'each rule broken, in words' },
  { name: 'drug_like', type: 'boolean', description: 'true with at most one violation' },
  text('assessment', 'the verdict in words', { enum: ['PASS - drug-like', 'FAIL - not drug-like'] }),
];

const BCS_FIELDS: ResultField[] = [
  tag('CHEM_BCS'),
  text('solubility', 'the solubility class used', { enum: LEVEL }),
  text('permeability', 'the permeability class used', { enum: LEVEL }),
  text('bcs_class', 'the BCS class', { enum: ['I', 'II', 'III', 'IV'] }),
  text('bioavailability', 'what limits oral bioavailability', { enum: ['HIGH', 'DISSOLUTION-LIMITED', 'PERMEABILITY-LIMITED', 'LOW'] }),
  text('formulation_strategy', 'the usual formulation approach for the class, in words'),
];

const ADMET_FIELDS: ResultField[] = [
  tag('CHEM_ADMET'),
  num('mw', 'g/mol', 'the molecular weight assessed'),
  num('logp', null, 'the log P assessed'),
  num('psa', 'Å²', 'the topological polar surface area assessed'),
  int('rotatable_bonds', 'the rotatable bonds assessed'),
  int('risk_score', 'points of the flags raised (0 is best)'),
  { name: 'flags', type: 'array', items: strings('one flag with the rule and its source'), description: 'each property outside its rule, in words' },
  { name: 'cns_permeable', type: 'boolean', description: 'PSA < 90 Å², MW < 450 and log P ≤ 5 (Pajouhesh & Lenz 2005)' },
  text('assessment', 'the band of the risk score', { enum: ['FAVORABLE', 'ACCEPTABLE', 'CONCERNING', 'POOR'] }),
  text('method', 'what the flags are and are not'),
];

/** The toxicity screen of a compound found; a compound not found answers only compound, found and suggestions. */
const TOX_FIELDS: ResultField[] = [
  tag('CHEM_TOX'),
  text('compound', 'the compound name (as given when not found)'),
  found,
  optional(nullWhen(num('ld50_mg_kg', 'mg/kg', 'oral rat LD50 from the table'), 'when the table has none')),
  optional({ name: 'ld50_known', type: 'boolean', description: 'whether the table has an oral rat LD50' }),
  optional(nullWhen(num('hed_ld50_mg_kg', 'mg/kg', 'the LD50 as a human-equivalent dose by body surface area (× 6/37), one decimal'), 'without an LD50')),
  optional(nullWhen(num('max_daily_dose_mg', 'mg', 'the highest daily dose in the table'), 'when the table has none')),
  optional({ name: 'therapeutic_index', type: 'null', description: 'always null: the table holds no therapeutic index' }),
  optional({ name: 'narrow_therapeutic_index', type: 'boolean', description: 'whether the drug has a narrow therapeutic index (monitor levels)' }),
  optional(text('safety', 'the LD50 and therapeutic-index facts in words')),
  optional(num('dose_mg_kg', 'mg/kg', 'the human dose given; only when a dose above 0 was given')),
  optional(nullWhen(num('safety_margin', null, 'human-equivalent LD50 ÷ dose, one decimal; only with a dose'), 'without an LD50')),
  optional({ name: 'dose_warning', type: ['string', 'null'], enum: ['CRITICAL', 'CAUTION'], description: 'CRITICAL below a margin of 3, CAUTION below 10; null otherwise; only with a dose' }),
];

const CHECKS = (name: string, fields: ResultField[], description: string): ResultField => ({ name, type: ['object', 'null'], fields, description });

/** A compound's table row (chem.lookup, chem.register_compound). */
const COMPOUND_ROW: ResultField[] = [
  nullWhen(text('formula', 'molecular formula'), 'for a row given by SMILES only'),
  num('molecular_weight', 'g/mol', 'molecular weight'),
  nullWhen(num('logp', null, 'log P'), 'when unknown'),
  nullWhen(int('hbd', 'hydrogen-bond donors'), 'when unknown'),
  nullWhen(int('hba', 'hydrogen-bond acceptors'), 'when unknown'),
  nullWhen(num('psa', 'Å²', 'topological polar surface area'), 'when unknown'),
  nullWhen(int('rotatable_bonds', 'rotatable bonds'), 'when unknown'),
  text('category', 'the category (empty when none)'),
  text('therapeutic_class', 'the therapeutic class (empty when none)'),
  { name: 'known_targets', type: 'array', items: strings('a target, e.g. `COX-1`'), description: 'known molecular targets' },
  nullWhen(num('max_daily_dose_mg', 'mg', 'the highest daily dose'), 'when the table has none'),
  { name: 'solubility', type: ['string', 'null'], enum: LEVEL, description: 'BCS solubility class; null when unclassified' },
  { name: 'permeability', type: ['string', 'null'], enum: LEVEL, description: 'BCS permeability class; null when unclassified' },
  nullWhen(num('ld50_mg_kg', 'mg/kg', 'oral rat LD50'), 'when the table has none'),
  nullWhen(int('pubchem_cid', 'PubChem compound id'), 'when the row has none'),
  nullWhen(text('descriptors_source', 'how log P, PSA, HBD, HBA and rotatable bonds were obtained'), 'when the row has none of them'),
];
const compoundName = text('name', "the compound's name (as given when not found)");

/** The screen of a compound found; a compound not found answers only compound, found and suggestions. */
const SCREEN_PARTS: ResultField[] = [
  CHECKS('lipinski', LIPINSKI_FIELDS, 'the rule of five (as chem.lipinski_check answers); null without log P, HBD or HBA'),
  CHECKS('bcs', BCS_FIELDS, 'the BCS class (as chem.bcs_classify answers); null when unclassified'),
  CHECKS('admet', ADMET_FIELDS, 'the ADMET flags (as chem.admet_screen answers); null without log P, PSA or rotatable bonds'),
  { name: 'toxicity', type: 'object', fields: TOX_FIELDS, description: 'the toxicity screen without a dose (as chem.tox_screen answers)' },
  {
    name: 'screening_scores',
    type: 'object',
    description: 'the points of each part',
    fields: [
      int('lipinski', '1 when drug-like, else 0'),
      num('bcs', null, '1 for class I, 0.5 for II or III, else 0'),
      int('admet', '1 when FAVORABLE or ACCEPTABLE, else 0'),
      int('toxicity', '0 for a narrow therapeutic index, else 1'),
    ],
  },
  num('total', null, 'the sum of the points, 0 to 4'),
  {
    name: 'verdict',
    type: ['string', 'null'],
    enum: ['EXCELLENT CANDIDATE', 'GOOD CANDIDATE', 'MODERATE - optimization needed', 'POOR CANDIDATE'],
    description: 'the band of the total; null when Lipinski or ADMET could not be assessed',
  },
  { name: 'not_assessed', type: 'array', items: { type: 'string', enum: ['lipinski', 'bcs', 'admet'], description: 'a part' }, description: 'the parts the descriptors did not allow' },
  text('method', 'what the screen is (a heuristic without clinical validation)'),
];
const SCREEN_FIELDS: ResultField[] = [text('compound', 'the compound name (as given when not found)'), found, ...SCREEN_PARTS.map(optional)];

const COMPOUND_COUNT = int('count', 'compounds matched');

export const CHEM_RESULTS: Readonly<Record<string, RecordResultSpec>> = {
  molecular_weight: {
    type: 'CHEM_MW',
    description: 'the formula weight and its atoms',
    fields: [
      text('formula', 'the formula given'),
      num('molecular_weight', 'g/mol', 'Σ atoms × standard atomic weight, two decimals'),
      { name: 'composition', type: 'object', description: 'atoms of each element, keyed by symbol in Hill order, e.g. `{"C": 9, "H": 8, "O": 4}`' },
      int('charge', 'the charge given (0 when none)'),
    ],
  },
  lipinski_check: { type: 'CHEM_LIPINSKI', description: "Lipinski's rule of five", fields: LIPINSKI_FIELDS },
  bcs_classify: { type: 'CHEM_BCS', description: 'the Biopharmaceutics Classification System class', fields: BCS_FIELDS },
  admet_screen: { type: 'CHEM_ADMET', description: 'rule-based ADMET property flags', fields: ADMET_FIELDS },
  tox_screen: { type: 'CHEM_TOX', description: 'LD50, human-equivalent dose and safety margin', fields: TOX_FIELDS },
  lookup: { type: 'CHEM_LOOKUP', description: "the compound's row; a name not found answers only name, found and suggestions", fields: [found, compoundName, ...COMPOUND_ROW.map(optional)] },
  search_by_target: {
    type: 'CHEM_SEARCH',
    description: 'compounds with a matching target',
    fields: [
      text('target', 'the text searched'),
      {
        name: 'matches',
        type: 'array',
        description: 'the compounds matched, in table order',
        items: { type: 'object', description: 'one compound', fields: [text('name', 'compound name'), text('category', 'its category'), { name: 'targets', type: 'array', items: strings('a target'), description: 'its known targets' }] },
      },
      COMPOUND_COUNT,
    ],
  },
  search_by_class: {
    type: 'CHEM_SEARCH',
    description: 'compounds with a matching class or category',
    fields: [
      text('therapeutic_class', 'the text searched'),
      {
        name: 'matches',
        type: 'array',
        description: 'the compounds matched, in table order',
        items: {
          type: 'object',
          description: 'one compound',
          fields: [text('name', 'compound name'), text('category', 'its category'), text('therapeutic_class', 'its therapeutic class'), num('mw', 'g/mol', 'its molecular weight')],
        },
      },
      COMPOUND_COUNT,
    ],
  },
  screen_compound: { type: 'CHEM_FULL_SCREEN', description: 'Lipinski, BCS, ADMET and toxicity together with a heuristic verdict', fields: SCREEN_FIELDS },
  register_compound: {
    type: 'CHEM_LOOKUP',
    description: 'the compound registered, as chem.lookup answers it',
    fields: [{ ...found, description: 'always true' }, compoundName, ...COMPOUND_ROW, { name: 'registered', type: 'boolean', description: 'always true' }],
  },
  from_smiles: {
    type: 'CHEM_SMILES',
    description: 'formula, weights and descriptors computed from the structure',
    fields: [
      text('smiles', 'the SMILES given'),
      text('canonical_smiles', "OpenChemLib's isomeric SMILES of it"),
      text('formula', 'Hill formula of the whole input'),
      num('molecular_weight', 'g/mol', 'formula weight of the whole input, two decimals'),
      num('monoisotopic_mass', 'Da', 'monoisotopic mass of the whole input, four decimals'),
      int('fragments', 'disconnected fragments (a salt has more than one)'),
      num('logp', null, 'computed log P of the largest fragment, two decimals'),
      num('logs', 'log mol/L', 'computed aqueous solubility of the largest fragment, two decimals'),
      num('psa', 'Å²', 'topological polar surface area of the largest fragment, one decimal'),
      int('rotatable_bonds', 'rotatable bonds of the largest fragment'),
      int('stereo_centers', 'stereo centres of the largest fragment'),
      int('hbd_ocl', "hydrogen-bond donors by OpenChemLib's count"),
      int('hba_ocl', "hydrogen-bond acceptors by OpenChemLib's count"),
      int('lipinski_hbd', 'donors by Lipinski: hydrogens on N and O'),
      int('lipinski_hba', 'acceptors by Lipinski: N and O atoms'),
      { name: 'lipinski', type: 'object', fields: LIPINSKI_FIELDS, description: 'the rule of five with these descriptors (as chem.lipinski_check answers)' },
      { name: 'admet', type: 'object', fields: ADMET_FIELDS, description: 'the ADMET flags with these descriptors (as chem.admet_screen answers)' },
      text('method', 'the OpenChemLib version used'),
    ],
  },
};

/** Each item of chem.list_compounds. */
export const COMPOUND_LIST_ITEM: ValueSpec = {
  type: 'object',
  description: 'one compound',
  fields: [text('name', 'compound name'), nullWhen(text('formula', 'molecular formula'), 'for a row given by SMILES only'), num('mw', 'g/mol', 'molecular weight'), text('category', 'its category (empty when none)')],
};
