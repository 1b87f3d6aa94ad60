// modules.md §11: pharmacogenomic phenotypes and CPIC dosing guidance, CYP-mediated interactions,
// sequence utilities. Stateless.
import type { PackKind } from '../../packs/types.js';
import type { FunctionSpec, ModuleDef, ParamSpec } from '../types.js';
import { cpicKind } from './cpic-pack.js';
import { dosingGuidance } from './guidance.js';
import { drugGeneCheck, interactionCheck } from './interactions.js';
import { getPhenotype } from './phenotype.js';
import { GENOMICS_RESULTS } from './results.js';
import { complement, gcContent, reverseComplement, translate } from './sequence.js';
import { ALLELE_SOURCE, cypRoles, guidance } from './tables.js';

const fn = (spec: Omit<FunctionSpec, 'state'>): FunctionSpec => ({ ...spec, state: 'none' });
const s = (v: unknown): string => v as string;
const geneParam: ParamSpec = { name: 'gene', type: 'string', maxLength: 200, description: 'gene symbol, case-insensitive: CYP2D6, CYP2C19, CYP2C9, CYP3A5, CYP2B6, TPMT, NUDT15, DPYD, SLCO1B1, UGT1A1, VKORC1, HLA-B, HLA-A' };
const genotypeParam: ParamSpec = {
  name: 'genotype',
  type: 'string',
  maxLength: 200,
  description: 'diplotype *A/*B (CYP2D6 copies *1x2, *2xN), DPYD Reference/<variant>, VKORC1 rs9923231 G/A, HLA positive/negative or a typed pair *57:01/*44:02',
};
const drugParam: ParamSpec = { name: 'drug', type: 'string', maxLength: 200, description: 'drug name (pk names and aliases are recognized)' };
const sequenceParam = (name: string, description: string): ParamSpec => ({ name, type: 'string', maxLength: 1_000_000, description });
const GUIDANCE_SOURCE = `${guidance.name}, CPIC data ${guidance.version}: ${guidance.source} An installed 'cpic' data pack (a newer CPIC export) replaces it; results then name it in data_pack.`;
const CYP_SOURCE = `${cypRoles.name}: ${cypRoles.source}`;

const genomics: ModuleDef = {
  packKinds: [cpicKind as PackKind],
  name: 'genomics',
  description: 'Pharmacogenomic phenotypes and CPIC dosing guidance, CYP interactions, sequence utilities.',
  functions: [
    fn({
      name: 'get_phenotype',
      aliases: ['metabolizer_status'],
      description: 'Phenotype from a genotype by CPIC allele function, activity score and diplotype tables.',
      params: [geneParam, genotypeParam],
      result: GENOMICS_RESULTS.get_phenotype!,
      sources: ['Caudle et al., Genet Med 2017 (CPIC term standardization)', 'Caudle et al., Clin Transl Sci 2020 (CYP2D6 activity score)', ALLELE_SOURCE],
      impl: (a) => getPhenotype(s(a.gene), s(a.genotype)),
    }),
    fn({
      name: 'drug_gene_check',
      description: 'The CYP genes a drug is a substrate, inhibitor or inducer of, and the CPIC guidelines that name it.',
      params: [drugParam],
      result: GENOMICS_RESULTS.drug_gene_check!,
      sources: [CYP_SOURCE, GUIDANCE_SOURCE],
      impl: (a, ctx) => drugGeneCheck(ctx, s(a.drug)),
    }),
    fn({
      name: 'dosing_guidance',
      description: 'The CPIC recommendation for a gene–drug pair at the phenotype of a genotype.',
      params: [geneParam, drugParam, genotypeParam],
      result: GENOMICS_RESULTS.dosing_guidance!,
      sources: [GUIDANCE_SOURCE, ALLELE_SOURCE],
      impl: (a, ctx) => dosingGuidance(ctx, s(a.gene), s(a.drug), s(a.genotype)),
    }),
    fn({
      name: 'interaction_check',
      description: 'CYP inhibition and induction among the listed drugs, prodrug activation included.',
      params: [{ name: 'current_drugs', type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 50, description: 'drug names (1–50)' }],
      result: GENOMICS_RESULTS.interaction_check!,
      sources: [CYP_SOURCE],
      impl: (a, ctx) => interactionCheck(ctx, a.current_drugs as string[]),
    }),
    fn({
      name: 'complement',
      description: 'IUPAC complement of a DNA or RNA sequence, case kept.',
      params: [sequenceParam('dna_sequence', 'IUPAC nucleotide letters and -')],
      result: { bare: 'string', description: 'the complement, base by base, in the case given' },
      sources: ['NC-IUB, Nomenclature for incompletely specified bases in nucleic acid sequences, 1984'],
      impl: (a) => complement(s(a.dna_sequence)),
    }),
    fn({
      name: 'reverse_complement',
      description: 'Reverse of the IUPAC complement.',
      params: [sequenceParam('dna_sequence', 'IUPAC nucleotide letters and -')],
      result: { bare: 'string', description: 'the complement read from the last base to the first' },
      sources: ['NC-IUB, Nomenclature for incompletely specified bases in nucleic acid sequences, 1984'],
      impl: (a) => reverseComplement(s(a.dna_sequence)),
    }),
    fn({
      name: 'gc_content',
      description: 'GC content in percent, counting S as G/C and W as A/T; other ambiguity codes and gaps are excluded.',
      params: [sequenceParam('sequence', 'IUPAC nucleotide letters and -')],
      result: { bare: 'number', unit: '%', description: 'G, C and S over the bases counted' },
      sources: ['NC-IUB, Nomenclature for incompletely specified bases in nucleic acid sequences, 1984'],
      impl: (a) => gcContent(s(a.sequence)),
    }),
    fn({
      name: 'translate',
      description: 'Protein from mRNA (T read as U) with the standard genetic code, to the first stop codon.',
      params: [
        sequenceParam('mrna_sequence', 'IUPAC nucleotide letters'),
        { name: 'start_at_aug', type: 'boolean', default: false, description: 'start at the first AUG instead of the first base' },
      ],
      result: { bare: 'string', description: 'the protein in one-letter amino-acid codes (X for a codon with an ambiguity code), to the first stop codon; empty when start_at_aug finds no AUG' },
      sources: ['NCBI Genetic Codes, translation table 1 (standard code)'],
      impl: (a) => translate(s(a.mrna_sequence), a.start_at_aug as boolean),
    }),
  ],
};

export default genomics;
