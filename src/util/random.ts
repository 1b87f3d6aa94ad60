// The seeded generator of modules.md §1.7: xoshiro128** seeded through splitmix32.
import { createHash } from 'node:crypto';

/** The run seed: the first 32 bits of SHA-256 of the request body text. */
export function seedFromText(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32BE(0);
}

/** createRandom with its seed computed when the first number is drawn: hashing a request costs more than most calls. */
export function seededOnFirstDraw(seed: () => number): () => number {
  let draw: (() => number) | null = null;
  return () => (draw ??= createRandom(seed()))();
}

/** A uniform generator in [0, 1) from xoshiro128** whose state comes from splitmix32(seed). */
export function createRandom(seed: number): () => number {
  let s = seed >>> 0;
  const splitmix32 = (): number => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = splitmix32();
  let b = splitmix32();
  let c = splitmix32();
  let d = splitmix32();
  const rotl = (x: number, k: number): number => ((x << k) | (x >>> (32 - k))) >>> 0;
  return () => {
    const result = Math.imul(rotl(Math.imul(b, 5) >>> 0, 7), 9) >>> 0;
    const t = (b << 9) >>> 0;
    c = (c ^ a) >>> 0;
    d = (d ^ b) >>> 0;
    b = (b ^ c) >>> 0;
    a = (a ^ d) >>> 0;
    c = (c ^ t) >>> 0;
    d = rotl(d, 11);
    return result / 4294967296;
  };
}
