// Syntax highlighting of the protocol language (docs/language.md §2–§5) as a CodeMirror stream mode:
// words, numbers, strings, comments and the `med.` library path.
import { HighlightStyle, StreamLanguage, syntaxHighlighting, type StreamParser } from '@codemirror/language';
import { tags } from '@lezer/highlight';

const KEYWORDS = new Set([
  'import', 'type', 'extends', 'function', 'protocol', 'input', 'let', 'if', 'else', 'while', 'for', 'in',
  'alert', 'administer', 'track', 'assess', 'return', 'and', 'or', 'not', 'as', 'using',
]);
const CLAUSES = new Set(['severity', 'dose', 'route', 'every', 'indication']);
const ATOMS = new Set(['true', 'false', 'null', 'info', 'warning', 'high', 'critical']);

const parser: StreamParser<null> = {
  name: 'moiss',
  token(stream) {
    if (stream.eatSpace()) return null;
    if (stream.match('//')) {
      stream.skipToEnd();
      return 'comment';
    }
    if (stream.peek() === '"') {
      stream.next();
      while (!stream.eol()) {
        const c = stream.next();
        if (c === '\\') stream.next();
        else if (c === '"') break;
      }
      return 'string';
    }
    if (stream.match(/^\d+(\.\d+)?([eE][+-]?\d+)?/)) return 'number';
    if (stream.match(/^med\b/)) return 'namespace';
    const word = stream.match(/^[A-Za-z_][A-Za-z0-9_]*/) as RegExpMatchArray | null;
    if (word) {
      const text = word[0];
      if (KEYWORDS.has(text)) return 'keyword';
      if (CLAUSES.has(text) && stream.peek() === ':') return 'keyword';
      if (ATOMS.has(text)) return 'atom';
      if (/^[A-Z]/.test(text)) return 'typeName';
      return 'variableName';
    }
    stream.next();
    return /[-+*/<>=!]/.test(stream.current()) ? 'operator' : null;
  },
  startState: () => null,
};

const style = HighlightStyle.define([
  { tag: tags.keyword, color: '#7b1fa2', fontWeight: '600' },
  { tag: tags.string, color: '#2e7d32' },
  { tag: tags.number, color: '#1565c0' },
  { tag: tags.comment, color: '#78828c', fontStyle: 'italic' },
  { tag: tags.atom, color: '#ad1457' },
  { tag: tags.namespace, color: '#00838f', fontWeight: '600' },
  { tag: tags.typeName, color: '#6d4c41' },
  { tag: tags.operator, color: '#455a64' },
]);

export const protocolLanguage = [StreamLanguage.define(parser), syntaxHighlighting(style)];
