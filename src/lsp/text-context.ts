// What the text around the cursor is about, read from the text alone: an author's document is mostly
// unfinished while typing, so completion, hover and signature help cannot wait for it to parse.
// Diagnostics come from the real checker (engine checkCode); these are only positions and names.

const NAME = '[A-Za-z_][A-Za-z0-9_]*';

export type CompletionContext =
  | { kind: 'module'; prefix: string }
  | { kind: 'function'; module: string; prefix: string }
  | { kind: 'field'; chain: string[]; prefix: string }
  | { kind: 'drug'; prefix: string };

/** What may be completed at `offset`: a module after `med.`, a function after `med.lab.`, a field after `x.`, a drug after `administer`. */
export function completionContext(text: string, offset: number): CompletionContext | null {
  const before = text.slice(text.lastIndexOf('\n', offset - 1) + 1, offset);
  if (insideStringOrComment(before)) return null;
  let m = new RegExp(`\\bmed\\.(${NAME})\\.(\\w*)$`).exec(before);
  if (m) return { kind: 'function', module: m[1]!, prefix: m[2]! };
  m = /\bmed\.(\w*)$/.exec(before);
  if (m) return { kind: 'module', prefix: m[1]! };
  m = /\badminister\s+(\w*)$/.exec(before);
  if (m) return { kind: 'drug', prefix: m[1]! };
  m = new RegExp(`(?:^|[^\\w.])(${NAME}(?:\\.${NAME})*)\\.(\\w*)$`).exec(before);
  if (m) return { kind: 'field', chain: m[1]!.split('.'), prefix: m[2]! };
  return null;
}

/** True when the end of this line's text is inside a string literal or a `//` comment. */
function insideStringOrComment(line: string): boolean {
  let inString = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '/' && line[i + 1] === '/') return true;
  }
  return inString;
}

/** The dotted name under the cursor (`med.scores.qsofa`, `p.weight`, `dose`) cut after the segment the cursor is on. */
export function dottedNameAt(text: string, offset: number): string[] | null {
  const isPart = (c: string | undefined): boolean => c !== undefined && /[\w.]/.test(c);
  let start = offset;
  while (start > 0 && isPart(text[start - 1])) start--;
  let end = offset;
  while (end < text.length && /\w/.test(text[end]!)) end++;
  const whole = text.slice(start, end);
  if (!new RegExp(`^${NAME}(\\.${NAME})*$`).test(whole)) return null;
  return whole.split('.');
}

/** The name of the patient variable (`input: Patient p;`), if the document declares one before `offset`. */
export function patientVariable(text: string, offset = text.length): string | null {
  const matches = [...text.slice(0, offset).matchAll(new RegExp(`\\binput\\s*:\\s*Patient\\s+(${NAME})`, 'g'))];
  return matches.length ? matches[matches.length - 1]![1]! : null;
}

/** The library function whose result `name` was last bound to before `offset` (`let r = med.pk.calculate_dose(...)`). */
export function boundLibraryCall(text: string, name: string, offset: number): { module: string; callable: string } | null {
  const pattern = new RegExp(`\\blet\\s+${name}\\s*(?::\\s*${NAME}\\s*)?=\\s*med\\.(${NAME})\\.(${NAME})\\s*\\(`, 'g');
  const matches = [...text.slice(0, offset).matchAll(pattern)];
  const last = matches[matches.length - 1];
  return last ? { module: last[1]!, callable: last[2]! } : null;
}

export interface EnclosingCall {
  /** `med.scores.qsofa` or a protocol function's name */
  callee: string[];
  /** the argument the cursor is in, from 0 */
  argument: number;
}

/** The call whose parentheses hold the cursor, skipping strings, comments and finished inner calls. */
export function enclosingCall(text: string, offset: number): EnclosingCall | null {
  const open: { at: number; commas: number; bracket: string }[] = [];
  for (let i = 0; i < offset; i++) {
    const c = text[i]!;
    if (c === '"') {
      for (i++; i < offset && text[i] !== '"'; i++) if (text[i] === '\\') i++;
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < offset && text[i] !== '\n') i++;
    } else if (c === '(' || c === '[' || c === '{') open.push({ at: i, commas: 0, bracket: c });
    else if (c === ')' || c === ']' || c === '}') open.pop();
    else if (c === ',' && open.length) open[open.length - 1]!.commas++;
  }
  const top = open[open.length - 1];
  if (!top || top.bracket !== '(') return null;
  const callee = new RegExp(`(${NAME}(?:\\.${NAME})*)\\s*$`).exec(text.slice(0, top.at));
  return callee ? { callee: callee[1]!.split('.'), argument: top.commas } : null;
}

export interface FunctionDefinition {
  name: string;
  /** the parameter list as written */
  params: string;
  /** offsets of the name */
  start: number;
  end: number;
}

/** Every `function name(...)` of the document. */
export function functionDefinitions(text: string): FunctionDefinition[] {
  return [...text.matchAll(new RegExp(`\\bfunction\\s+(${NAME})\\s*\\(([^)]*)\\)`, 'g'))].map((m) => {
    const start = m.index + m[0].indexOf(m[1]!, 'function'.length);
    return { name: m[1]!, params: m[2]!.trim(), start, end: start + m[1]!.length };
  });
}
