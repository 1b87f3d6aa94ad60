// The fuzzers' seeded choices: one generator per campaign, so a printed seed replays every input.
import { createRandom } from '../../src/util/random.js';

export interface Rng {
  /** uniform in [0, 1) */
  next(): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
}

export function createRng(seed: number): Rng {
  const next = createRandom(seed);
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)]!,
    chance: (p) => next() < p,
  };
}

/** A fresh seed when none is given; printed by `npm run fuzz` so a failure can be replayed. */
export function randomSeed(): number {
  return Math.floor(Math.random() * 0xffffffff) >>> 0;
}
