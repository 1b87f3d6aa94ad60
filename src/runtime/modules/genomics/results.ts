// What each genomics function answers (docs/library.md, the checker's field check and the boundary check read these).
import { dataPackField } from '../pack-fields.js';
import type { RecordResultSpec, ResultField, ValueSpec } from '../types.js';
import { PHENOTYPE_CODES } from './phenotype.js';
import { flag, int, maybeText, names, optional, text } from '../util/result-fields.js';

const gene = (description: string): ResultField => text('gene', description);
const phenotype = (description: string): ResultField => text('phenotype', description, { enum: PHENOTYPE_CODES });
const strength = (description: string): ResultField => maybeText('strength', description, { enum: ['strong', 'moderate', 'weak'] });

const ROLE: ValueSpec = {
  type: 'object',
  description: "one of the drug's roles at the gene",
  fields: [text('role', 'the role', { enum: ['substrate', 'inhibitor', 'inducer'] }), strength('the strength of an inhibitor or inducer; null for a substrate or when not graded')],
};

const AFFECTED_GENE: ValueSpec = {
  type: 'object',
  description: 'a gene the drug acts on or through',
  fields: [
    text('gene', 'the gene (CYP2D6, …)'),
    { name: 'roles', type: 'array', items: ROLE, description: "the drug's roles at the gene" },
    flag('prodrug', 'whether the gene activates the drug (a prodrug)'),
  ],
};

const GUIDELINE: ValueSpec = {
  type: 'object',
  description: 'a CPIC guideline that names the drug',
  fields: [text('gene', 'the gene of the guideline'), text('source', 'the guideline')],
};

const INTERACTION: ValueSpec = {
  type: 'object',
  description: 'one drug changing the metabolism of another through a gene',
  fields: [
    text('type', 'inhibition or induction', { enum: ['INHIBITION', 'INDUCTION'] }),
    text('gene', 'the gene (CYP2D6, …)'),
    text('substrate', 'the drug whose metabolism changes'),
    optional(text('inhibitor', 'the inhibiting drug (for INHIBITION)')),
    optional(text('inducer', 'the inducing drug (for INDUCTION)')),
    strength("the inhibitor's or inducer's strength; null when not graded"),
    flag('prodrug', 'whether the gene activates the substrate (the effect then runs the other way)'),
    text('effect', 'what changes, in words'),
    maybeText('severity', 'MAJOR for a strong, MODERATE for a moderate, MINOR for a weak inhibitor or inducer; null when not graded', { enum: ['MAJOR', 'MODERATE', 'MINOR'] }),
  ],
};

export const GENOMICS_RESULTS: Readonly<Record<string, RecordResultSpec>> = {
  get_phenotype: {
    type: 'GENOMICS_PHENOTYPE',
    description: 'the phenotype of a genotype; a gene not found answers found false with suggestions',
    fields: [
      gene('the gene symbol (as given when not found)'),
      flag('found', 'false for a gene not in the table'),
      text('genotype', 'the genotype as read, alleles in table order (as given when the gene is not found)'),
      optional({ name: 'activity_score', type: ['number', 'null'], description: 'the CPIC activity score (CYP2D6, CYP2C9, DPYD); null for other genes, unknown alleles or an unknown copy number' }),
      optional(phenotype('the phenotype code; INDETERMINATE when an allele is not in the table or CPIC assigns none')),
      optional(text('phenotype_full', 'the phenotype in words (Poor Metabolizer, HLA-B*57:01 positive, …)')),
      optional(names('unknown_alleles', 'alleles given that are not in the CPIC allele table', 'an allele')),
      optional(text('source', 'the rule and table the phenotype comes from')),
    ],
  },
  drug_gene_check: {
    type: 'GENOMICS_DRUG_CHECK',
    description: "the genes a drug acts on or through; a drug not found answers found false with suggestions",
    fields: [
      text('drug', 'the drug name (as given when not found)'),
      flag('found', 'false for a drug neither pk nor the genomics tables know'),
      { name: 'affected_genes', type: 'array', items: AFFECTED_GENE, description: 'each gene with its roles; empty when not found' },
      int('num_genes', 'the number of affected genes'),
      { name: 'pgx_guidelines', type: 'array', items: GUIDELINE, description: 'the CPIC guidelines that name the drug, one entry per gene' },
    ],
  },
  dosing_guidance: {
    type: 'GENOMICS_DOSING',
    description: 'the CPIC recommendation for a gene–drug pair at the phenotype of a genotype; a gene not found answers found false with suggestions',
    fields: [
      gene('the gene symbol (as given when not found)'),
      text('drug', 'the drug name (the pk name for a drug pk knows)'),
      text('genotype', 'the genotype as read (as given when the gene is not found)'),
      flag('found', 'false for a gene not in the table'),
      maybeText('phenotype', 'the phenotype code the recommendation is for (HLA: POSITIVE or NEGATIVE for the drug\'s risk allele); null when the gene is not found', { enum: PHENOTYPE_CODES }),
      flag('has_guideline', 'whether CPIC has a guideline for the pair (when no row of it fits the phenotype, note says why)'),
      maybeText('implication', "CPIC's implication for the phenotype; null without a row"),
      maybeText('recommendation', "CPIC's dosing recommendation; null without a row"),
      { name: 'alternative', type: ['boolean', 'null'], description: 'whether CPIC names an alternative drug; null without a row' },
      maybeText('classification', 'the strength of the recommendation (Strong, Moderate, Optional, No recommendation); null when CPIC gives none or without a row'),
      maybeText('source', 'the guideline; null without a guideline for the pair'),
      names('requires_genes', 'other genes the guideline also reads (send their phenotypes to choose the row)', 'a gene'),
      maybeText('note', 'why no row was chosen, or the conditions of the row chosen (other genes, population); null when nothing to say'),
      dataPackField('the cpic data pack the recommendation came from; absent when the shipped table answered'),
    ],
  },
  interaction_check: {
    type: 'GENOMICS_INTERACTION',
    description: 'CYP inhibition and induction among the drugs',
    fields: [
      names('drugs_checked', 'the drugs known, by their names, each once', 'a drug'),
      names('unknown_drugs', 'the names given that no table knows', 'a name as given'),
      { name: 'interactions', type: 'array', items: INTERACTION, description: 'every interaction, by gene' },
      int('total', 'the number of interactions'),
    ],
  },
};
