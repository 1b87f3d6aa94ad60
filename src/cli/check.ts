// `cpes check` — arrives with its issue.
export async function main(_argv: string[]): Promise<number> {
  process.stderr.write('cpes check: not built yet\n');
  return 1;
}
