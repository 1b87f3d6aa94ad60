// Comma-separated pack files (RFC 4180 quoting) with their 1-based line numbers, for pack kinds whose
// format cpes defines. `# key: value` lines before the header carry the file's metadata.

export interface CsvRecord {
  line: number;
  cells: string[];
}

/** Splits one line; a quoted cell may hold commas and doubled quotes (not line breaks). */
function splitLine(text: string): string[] | null {
  const cells: string[] = [];
  let i = 0;
  while (i <= text.length) {
    if (text[i] === '"') {
      let cell = '';
      i++;
      for (;;) {
        if (i >= text.length) return null; // unterminated quote
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            cell += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        cell += text[i++];
      }
      if (i < text.length && text[i] !== ',') return null;
      cells.push(cell);
      i++;
    } else {
      const end = text.indexOf(',', i);
      const stop = end === -1 ? text.length : end;
      cells.push(text.slice(i, stop).trim());
      i = stop + 1;
    }
  }
  return cells;
}

export interface Csv {
  meta: Map<string, string>;
  header: string[];
  headerLine: number;
  records: CsvRecord[];
  problems: { line: number; message: string }[];
}

export function readCsv(text: string): Csv {
  const meta = new Map<string, string>();
  const records: CsvRecord[] = [];
  const problems: { line: number; message: string }[] = [];
  let header: string[] = [];
  let headerLine = 0;
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!;
    const line = i + 1;
    if (raw.trim() === '') continue;
    if (raw.startsWith('#')) {
      // `# name: value`, read in one pass: a backtracking pattern took seconds on a long line of spaces
      const colon = raw.indexOf(':');
      const name = colon < 0 ? '' : raw.slice(1, colon).trim();
      if (headerLine === 0 && /^[A-Za-z_ ]+$/.test(name)) meta.set(name.toLowerCase().replace(/\s+/g, '_'), raw.slice(colon + 1).trim());
      continue;
    }
    const cells = splitLine(raw);
    if (cells === null) {
      problems.push({ line, message: 'has an unterminated or misplaced double quote' });
      continue;
    }
    if (headerLine === 0) {
      header = cells.map((c) => c.toLowerCase());
      headerLine = line;
    } else if (cells.length !== header.length) {
      problems.push({ line, message: `has ${cells.length} comma-separated fields, the header has ${header.length}` });
    } else records.push({ line, cells });
  }
  return { meta, header, headerLine, records, problems };
}

/** What is wrong with the file's header for a kind with these columns (empty when it has them all and no others). */
export function columnProblems(csv: Csv, required: readonly string[], optional: readonly string[]): { line: number; message: string }[] {
  if (csv.headerLine === 0) return [{ line: 1, message: `no header line; expected columns ${required.join(', ')}` }];
  const missing = required.filter((c) => !csv.header.includes(c));
  const unknown = csv.header.filter((c) => !required.includes(c) && !optional.includes(c));
  return [
    ...(missing.length ? [{ line: csv.headerLine, message: `the header lacks ${missing.join(', ')}` }] : []),
    ...(unknown.length ? [{ line: csv.headerLine, message: `unknown column(s) ${unknown.join(', ')}; columns are ${[...required, ...optional].join(', ')}` }] : []),
  ];
}

/** A record's cell by column name; an optional column the file leaves out reads as empty. */
export function cellsByName(csv: Csv, record: CsvRecord): (name: string) => string {
  return (name) => {
    const i = csv.header.indexOf(name);
    return i === -1 ? '' : record.cells[i]!;
  };
}
