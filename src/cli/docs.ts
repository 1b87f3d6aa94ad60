// cpes docs language|library: the author's references, printed from the files a checkout holds or from
// the copies embedded in the single executable, so an operator without the source can read them too.
import { readAssetDirectory } from '../util/assets.js';

const PAGES: Record<string, string> = { language: 'language.md', library: 'library.md' };

export async function main(argv: string[]): Promise<number> {
  const [page, ...rest] = argv;
  const file = page === undefined ? undefined : PAGES[page];
  if (!file || rest.length) {
    process.stderr.write(`usage: cpes docs language|library\n  language  the protocol language: constructs, units, the event log, every diagnostic\n  library   every module and function with parameters, units, result fields, aliases and sources\n`);
    return page === '--help' || page === '-h' ? 0 : 1;
  }
  process.stdout.write(readAssetDirectory('docs')[file]!);
  return 0;
}
