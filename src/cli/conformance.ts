// `cpes conformance [--base-url URL] [--key KEY] [--json] [DIR]`: run the fixtures over HTTP against any
// deployment; one line per fixture, then `N passed, N failed`; exit 1 when any fails.
import { builtInFixtures, judge, loadFixtures } from './fixtures.js';

const USAGE = 'usage: cpes conformance [--base-url URL] [--key KEY] [--json] [DIR]   (defaults: http://127.0.0.1:8080/v1, $CPES_API_KEY, the fixtures built into cpes)';

export async function main(argv: string[]): Promise<number> {
  let baseUrl = process.env.CPES_BASE_URL ?? 'http://127.0.0.1:8080/v1';
  let key = process.env.CPES_API_KEY;
  let json = false;
  let dir: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--base-url') baseUrl = argv[++i] ?? '';
    else if (arg === '--key') key = argv[++i];
    else if (arg === '--json') json = true;
    else if (arg === '--help' || arg === '-h') {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    } else if (arg.startsWith('-')) {
      process.stderr.write(`cpes conformance: unknown option '${arg}'\n${USAGE}\n`);
      return 1;
    } else dir = arg;
  }
  let fixtures;
  try {
    fixtures = dir === undefined ? builtInFixtures() : await loadFixtures(dir);
  } catch (error) {
    process.stderr.write(`cpes conformance: cannot read fixtures from ${dir ?? 'the build'}: ${(error as Error).message}\n`);
    return 1;
  }
  const results: { name: string; passed: boolean; problems: string[] }[] = [];
  for (const fixture of fixtures) {
    let problems: string[];
    try {
      const response = await fetch(`${baseUrl.replace(/\/$/, '')}/run`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(key ? { 'x-api-key': key } : {}) },
        body: JSON.stringify({ code: fixture.code, ...(fixture.patient ? { patient: fixture.patient } : {}) }),
      });
      const body = (await response.json()) as never;
      problems = judge(fixture.expect, response.status, body);
    } catch (error) {
      problems = [`request failed: ${(error as Error).message}`];
    }
    results.push({ name: fixture.name, passed: problems.length === 0, problems });
    if (!json) process.stdout.write(`${problems.length === 0 ? 'PASS' : 'FAIL'} ${fixture.name}${problems.length ? `\n  ${problems.join('\n  ')}` : ''}\n`);
  }
  const passed = results.filter((r) => r.passed).length;
  const failed = results.length - passed;
  if (json) process.stdout.write(JSON.stringify({ base_url: baseUrl, passed, failed, results }, null, 2) + '\n');
  else process.stdout.write(`${passed} passed, ${failed} failed\n`);
  return failed === 0 && results.length > 0 ? 0 : 1;
}
