// One walk over parsed JSON that finds what JSON.parse lets through but nothing after it may see: a
// number that is not finite (`1e400` parses to Infinity) and nesting deeper than a limit (which would
// overflow the stack of every recursive step after it). Iterative, so depth itself cannot overflow it.

export type JsonProblem = { kind: 'non_finite'; path: Array<string | number>; value: number } | { kind: 'too_deep'; path: Array<string | number> };

/** The first problem in document order, or null. `maxDepth` counts containers: `[[1]]` is 2 deep. */
export function inspectJson(value: unknown, maxDepth = Infinity): JsonProblem | null {
  const stack: Array<{ value: unknown; path: Array<string | number> }> = [{ value, path: [] }];
  while (stack.length) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'number') {
      if (!Number.isFinite(current)) return { kind: 'non_finite', path, value: current };
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    const depth = path.length + 1;
    if (depth > maxDepth) return { kind: 'too_deep', path };
    const entries: Array<[string | number, unknown]> = Array.isArray(current) ? current.map((v, i) => [i, v]) : Object.entries(current);
    for (let i = entries.length - 1; i >= 0; i--) stack.push({ value: entries[i]![1], path: [...path, entries[i]![0]] });
  }
  return null;
}

/** A path as people write it: `args[0].value`. */
export function formatJsonPath(path: ReadonlyArray<string | number>): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}
