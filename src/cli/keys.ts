// `cpes keys` — arrives with its issue.
export async function main(_argv: string[]): Promise<number> {
  process.stderr.write('cpes keys: not built yet\n');
  return 1;
}
