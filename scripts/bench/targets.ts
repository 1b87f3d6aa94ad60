// The targets of issue 30, each printed with its measured figure and met / not met.

export interface Target {
  name: string;
  /** what was measured, e.g. "5.3× (5,100 vs 955 req/s)" */
  measured: string;
  /** the bound, e.g. "≥ 10×" */
  needed: string;
  met: boolean;
}

export function ratioTarget(name: string, value: number, versus: number, atLeast: number): Target {
  const ratio = value / versus;
  return { name, measured: `${ratio.toFixed(2)}× (${Math.round(value)} vs ${Math.round(versus)} req/s)`, needed: `≥ ${atLeast}×`, met: ratio >= atLeast };
}

/** req/s as a share of another's; `cpuPercent`, the same share by CPU per request, is shown as a cross-check on a loaded machine */
export function share(name: string, value: number, versus: number, atLeastPercent: number, cpuPercent: number | null = null): Target {
  const percent = (value / versus) * 100;
  const cpu = cpuPercent === null ? '' : `; by CPU ${cpuPercent.toFixed(0)}%`;
  return { name, measured: `${percent.toFixed(0)}% (${Math.round(value)} vs ${Math.round(versus)} req/s${cpu})`, needed: `≥ ${atLeastPercent}%`, met: percent >= atLeastPercent };
}

export function latency(name: string, ms: number, atMost: number): Target {
  return { name, measured: `${ms} ms`, needed: `≤ ${atMost} ms`, met: ms <= atMost };
}

export function printTargets(targets: Target[]): void {
  process.stdout.write('\nIssue 30 targets\n');
  for (const t of targets) {
    process.stdout.write(`${t.name.padEnd(44)} ${t.measured.padEnd(50)} ${t.needed.padEnd(9)} ${t.met ? 'met' : 'NOT MET'}\n`);
  }
}
