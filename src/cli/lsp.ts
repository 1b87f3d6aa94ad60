// `cpes lsp`: the language server for editors, over stdin and stdout (src/lsp/server.ts).
const USAGE = 'usage: cpes lsp [--stdio]\n\nSpeaks the Language Server Protocol on stdin/stdout; point an editor at `cpes lsp` for *.moiss files.';

export async function main(argv: string[]): Promise<number> {
  for (const arg of argv) {
    if (arg === '--help' || arg === '-h') {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    // editors commonly pass --stdio; stdio is the only transport
    if (arg !== '--stdio') {
      process.stderr.write(`cpes lsp: unknown option '${arg}'\n${USAGE}\n`);
      return 1;
    }
  }
  const { startLanguageServer } = await import('../lsp/server.js');
  const connection = startLanguageServer(process.stdin, process.stdout);
  // the process lives until the editor sends `exit` (the library then ends it) or closes the pipe
  await new Promise<void>((resolve) => {
    connection.onExit(() => resolve());
    process.stdin.on('end', () => resolve());
  });
  return 0;
}
