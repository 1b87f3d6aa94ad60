// Permuted-block randomization (Matts & Lachin, Control Clin Trials 1988;9:327-344) with the §1.7
// generator: each block holds every arm ratio·(block/Σratio) times, shuffled by Fisher–Yates with
// unbiased integer draws, so the same inputs and seed give the same allocation.
import { randomInt } from 'node:crypto';
import { createRandom } from '../../../util/random.js';
import type { JsonObject } from '../types.js';

const TWO_32 = 4294967296;

export const armLabel = (i: number): string => `Arm_${String.fromCharCode(65 + i)}`;

/** `PT-0001`: width max(4, digits of the count). */
export function patientIds(first: number, count: number, total: number): string[] {
  const width = Math.max(4, String(total).length);
  return Array.from({ length: count }, (_, i) => `PT-${String(first + i).padStart(width, '0')}`);
}

/** A seed from a cryptographic source, for calls that give none (it is reported so the run can be redone). */
export const drawSeed = (): number => randomInt(0, TWO_32);

/** Uniform integer in [0, n) from 32-bit draws, rejecting the tail that would bias small values. */
function uniformBelow(next: () => number, n: number): number {
  const limit = Math.floor(TWO_32 / n) * n;
  for (;;) {
    const draw = Math.floor(next() * TWO_32);
    if (draw < limit) return draw % n;
  }
}

export interface Schedule {
  seed: number;
  block_size: number;
  arm_counts: JsonObject;
  assignments: JsonObject;
}

/** Allocates the given patient ids in permuted blocks (the last block may be partial). */
export function permutedBlocks(ids: readonly string[], ratio: readonly number[], blockSize: number, seed: number): Schedule {
  const next = createRandom(seed);
  const perArm = blockSize / ratio.reduce((a, b) => a + b, 0);
  const template = ratio.flatMap((r, arm) => Array<number>(r * perArm).fill(arm));
  const counts = ratio.map(() => 0);
  const assignments: JsonObject = {};
  for (let start = 0; start < ids.length; start += blockSize) {
    const block = [...template];
    for (let i = block.length - 1; i > 0; i--) {
      const j = uniformBelow(next, i + 1);
      [block[i], block[j]] = [block[j]!, block[i]!];
    }
    for (let k = 0; k < blockSize && start + k < ids.length; k++) {
      assignments[ids[start + k]!] = armLabel(block[k]!);
      counts[block[k]!]! += 1;
    }
  }
  return { seed, block_size: blockSize, arm_counts: Object.fromEntries(counts.map((c, i) => [armLabel(i), c])), assignments };
}
