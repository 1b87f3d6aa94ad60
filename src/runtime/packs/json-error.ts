// A pack file that is not JSON: say where, never what (JSON.parse quotes the text it choked on, and an
// import run on the wrong file must not print that file's contents).

/** `not JSON (invalid syntax at character 12)`: the position when JSON.parse gives one, no file text. */
export function describeJsonError(error: unknown): string {
  const position = /position (\d+)/.exec((error as Error).message)?.[1];
  return position === undefined ? 'not JSON (invalid syntax)' : `not JSON (invalid syntax at character ${Number(position) + 1})`;
}
