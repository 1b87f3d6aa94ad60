// The /v1/run answer as a readable timeline: each event at its line, alerts coloured by severity, the
// error (if the run stopped) last; the raw JSON beside it.

interface RunEvent {
  event: string;
  line: number;
  kind: string;
  severity?: string;
}

interface RunBody {
  success?: boolean;
  events?: RunEvent[];
  alerts?: unknown[];
  error?: string | null;
  stats?: { event_count?: number; execution_time_ms?: number };
}

function item(className: string, line: number | null, kind: string, text: string): HTMLLIElement {
  const li = document.createElement('li');
  li.className = className;
  if (line !== null) {
    const at = document.createElement('span');
    at.className = 'line';
    at.textContent = `line ${line}`;
    li.append(at);
  }
  if (kind) {
    const label = document.createElement('span');
    label.className = 'kind';
    label.textContent = kind;
    li.append(label);
  }
  li.append(document.createTextNode(text));
  return li;
}

/** The event's sentence without its `[line] LOG:` prefix (the line is shown apart). */
const sentence = (e: RunEvent): string => e.event.replace(/^\[\d+\] LOG: /, '');

export function showRun(status: number, body: RunBody, timeline: HTMLElement, summary: HTMLElement, raw: HTMLElement): void {
  raw.textContent = JSON.stringify(body, null, 2);
  timeline.replaceChildren();
  for (const e of body.events ?? []) {
    const alert = e.kind === 'alert';
    const text = sentence(e);
    if (alert) timeline.append(item(`alert ${e.severity ?? 'info'}`, e.line, `ALERT ${(e.severity ?? 'info').toUpperCase()}`, text.replace(/^alert \[\w+\] /, '')));
    // the kind is shown only where the sentence does not already begin with it ('let score = 2')
    else timeline.append(item('event', e.line, text.startsWith(e.kind) ? '' : e.kind, text));
  }
  if (body.error) timeline.append(item('error', null, 'stopped', body.error));
  const alerts = body.alerts?.length ?? 0;
  summary.textContent = body.success
    ? `ran: ${body.stats?.event_count ?? 0} events, ${alerts} alert${alerts === 1 ? '' : 's'}, ${body.stats?.execution_time_ms ?? '?'} ms`
    : `not run to the end (HTTP ${status})`;
}
