// Timing helpers for the benchmarks: warm up, then report the median of many runs.

export function medianMs(run: () => void, iterations: number, warmup = Math.ceil(iterations / 5)): number {
  for (let i = 0; i < warmup; i++) run();
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const start = process.hrtime.bigint();
    run();
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)]!;
}
