// Sequence utilities (modules.md §11.3): IUPAC complement, GC content, translation with the standard
// genetic code (NCBI translation table 1).
import { pyRound } from '../../../util/round.js';
import { ArgumentError } from '../types.js';

const IUPAC = 'ACGTURYSWKMBDHVN';
const PAIRS: Record<string, string> = { A: 'T', T: 'A', G: 'C', C: 'G', R: 'Y', Y: 'R', K: 'M', M: 'K', B: 'V', V: 'B', D: 'H', H: 'D', S: 'S', W: 'W', N: 'N', '-': '-' };

/** Throws naming the first character outside the allowed alphabet, 1-based. */
function checkAlphabet(label: string, param: string, sequence: string, gaps: boolean): void {
  for (let i = 0; i < sequence.length; i++) {
    const c = sequence[i]!.toUpperCase();
    if (!IUPAC.includes(c) && !(gaps && c === '-')) {
      throw new ArgumentError(`${label}: argument 1 '${param}' character ${JSON.stringify(sequence[i])} at position ${i + 1} is not an IUPAC nucleotide code (A C G T U R Y S W K M B D H V N${gaps ? ' or -' : ''})`);
    }
  }
}

export function complement(sequence: string, label = 'genomics.complement'): string {
  checkAlphabet(label, 'dna_sequence', sequence, true);
  const upper = sequence.toUpperCase();
  const rna = upper.includes('U');
  if (rna && upper.includes('T')) throw new ArgumentError(`${label}: argument 1 'dna_sequence' contains both T and U; send DNA (T) or RNA (U), not both`);
  let out = '';
  for (const c of sequence) {
    const upperC = c.toUpperCase();
    let partner = upperC === 'U' ? 'A' : PAIRS[upperC]!;
    if (rna && partner === 'T') partner = 'U';
    out += c === upperC ? partner : partner.toLowerCase();
  }
  return out;
}

export function reverseComplement(sequence: string): string {
  return [...complement(sequence, 'genomics.reverse_complement')].reverse().join('');
}

/** 100 × (G + C + S) / (A + C + G + T + U + S + W); other ambiguity codes and gaps are not counted. */
export function gcContent(sequence: string): number {
  const label = 'genomics.gc_content';
  checkAlphabet(label, 'sequence', sequence, true);
  let gc = 0;
  let counted = 0;
  for (const c of sequence.toUpperCase()) {
    if ('GCS'.includes(c)) gc++;
    if ('ACGTUSW'.includes(c)) counted++;
  }
  if (counted === 0) throw new ArgumentError(`${label}: argument 1 'sequence' has no countable base (A, C, G, T, U, S or W)`);
  return pyRound((100 * gc) / counted, 2);
}

// NCBI translation table 1, codons in TCAG order (TTT, TTC, TTA, TTG, TCT, …).
const TABLE_1 = 'FFLLSSSSYY**CC*WLLLLPPPPHHQQRRRRIIIMTTTTNNKKSSRRVVVVAAAADDEEGGGG';
const ORDER = 'UCAG';

export function translate(sequence: string, startAtAug: boolean): string {
  checkAlphabet('genomics.translate', 'mrna_sequence', sequence, false);
  const rna = sequence.toUpperCase().replace(/T/g, 'U');
  const start = startAtAug ? rna.indexOf('AUG') : 0;
  if (start < 0) return '';
  let protein = '';
  for (let i = start; i + 3 <= rna.length; i += 3) {
    const codon = rna.slice(i, i + 3);
    const index = [...codon].map((b) => ORDER.indexOf(b));
    if (index.some((k) => k < 0)) {
      protein += 'X';
      continue;
    }
    const amino = TABLE_1[index[0]! * 16 + index[1]! * 4 + index[2]!]!;
    if (amino === '*') break;
    protein += amino;
  }
  return protein;
}
