// `cpes serve` — arrives with its issue.
export async function main(_argv: string[]): Promise<number> {
  process.stderr.write('cpes serve: not built yet\n');
  return 1;
}
