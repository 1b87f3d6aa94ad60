// The playground page: a CodeMirror editor checked live through POST /v1/check, a patient box, Run
// through POST /v1/run, the fixtures' example protocols in a menu. Everything comes from this server.
import { basicSetup, EditorView } from 'codemirror';
import { linter, lintGutter, type Diagnostic } from '@codemirror/lint';
import type { Text } from '@codemirror/state';
import { check, examples, run, setApiKey, type CheckDiagnostic } from './api.js';
import { protocolLanguage } from './language.js';
import { showRun } from './timeline.js';

const STARTER = `import med.scores;

protocol SepsisScreen {
    input: Patient p;
    let score = med.scores.qsofa(p);
    if score >= 2 {
        alert "Sepsis suspected: qSOFA " + score severity: critical;
    }
}
`;

const byId = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;
const status = byId<HTMLElement>('status');
const diagnosticList = byId<HTMLUListElement>('diagnostics');
const keyForm = byId<HTMLFormElement>('key-form');
const patientBox = byId<HTMLTextAreaElement>('patient');

/** A 1-based line and column of the checker as an offset of the document, kept inside it. */
function offsetOf(doc: Text, line: number, column: number): number {
  const l = doc.line(Math.min(Math.max(1, line), doc.lines));
  return Math.min(l.from + Math.max(0, column - 1), l.to);
}

function listDiagnostics(diagnostics: CheckDiagnostic[]): void {
  diagnosticList.replaceChildren(
    ...(diagnostics.length ? diagnostics : [null]).map((d) => {
      const li = document.createElement('li');
      if (!d) {
        li.className = 'clean';
        li.textContent = 'no errors or warnings';
      } else {
        li.className = d.severity;
        li.dataset.line = String(d.line);
        li.textContent = `line ${d.line}, column ${d.column}: ${d.severity}: ${d.message}`;
      }
      return li;
    }),
  );
}

function askForKey(reason: string): void {
  keyForm.hidden = false;
  status.textContent = reason;
}

const liveCheck = linter(
  async (view): Promise<Diagnostic[]> => {
    const doc = view.state.doc;
    const answer = await check(doc.toString());
    // answers can arrive out of order (two workers): one for an older text must not overwrite the list
    if (view.state.doc !== doc) return [];
    if (answer.status === 401) {
      askForKey('this server needs an API key: enter one to check and run');
      return [];
    }
    if (!answer.body.diagnostics) {
      status.textContent = answer.body.error ?? `check failed (HTTP ${answer.status})`;
      return [];
    }
    listDiagnostics(answer.body.diagnostics);
    return answer.body.diagnostics.map((d) => {
      const from = offsetOf(doc, d.line, d.column);
      const to = Math.max(from, offsetOf(doc, d.endLine, d.endColumn + 1));
      const fix = d.suggestion;
      // the checker's suggestion ("did you mean 'score'?") as a button that replaces the span
      const actions = fix === undefined ? [] : [{ name: `use '${fix}'`, apply: (target: EditorView, start: number, end: number) => target.dispatch({ changes: { from: start, to: end, insert: fix } }) }];
      return { from, to, severity: d.severity, message: d.message, actions };
    });
  },
  { delay: 300 },
);

// the editor's own styles carry the nonce the server put in the page's Content-Security-Policy
const nonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content ?? '';
const view = new EditorView({
  doc: STARTER,
  extensions: [basicSetup, protocolLanguage, lintGutter(), liveCheck, EditorView.cspNonce.of(nonce)],
  parent: byId('editor'),
});

keyForm.addEventListener('submit', (event) => {
  event.preventDefault();
  setApiKey(byId<HTMLInputElement>('key').value);
  status.textContent = 'key set for this page';
  // check again with the key: an edit that changes nothing re-runs the linter
  view.dispatch({ changes: { from: 0, insert: ' ' } });
  view.dispatch({ changes: { from: 0, to: 1, insert: '' } });
});

byId<HTMLButtonElement>('run').addEventListener('click', async () => {
  let patient: unknown;
  try {
    patient = JSON.parse(patientBox.value.trim() || '{}');
  } catch (error) {
    status.textContent = `the patient box is not valid JSON: ${(error as Error).message}`;
    return;
  }
  status.textContent = 'running…';
  const answer = await run(view.state.doc.toString(), patient);
  if (answer.status === 401) return askForKey('this server needs an API key to run protocols');
  status.textContent = '';
  showRun(answer.status, answer.body, byId('timeline'), byId('summary'), byId('raw'));
});

const menu = byId<HTMLSelectElement>('examples');
void examples().then((list) => {
  for (const example of list) {
    const option = document.createElement('option');
    option.value = example.name;
    option.textContent = `${example.name} — ${example.description}`;
    menu.append(option);
  }
  menu.addEventListener('change', () => {
    const chosen = list.find((e) => e.name === menu.value);
    if (!chosen) return;
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: chosen.code } });
    patientBox.value = JSON.stringify(chosen.patient ?? {}, null, 2);
  });
});
