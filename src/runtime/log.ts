// The execution log and alerts of one run (language.md §8), with their limits.
import type { JsonValue } from './modules/types.js';

export const MAX_EVENTS = 10_000;
export const MAX_ALERTS = 1_000;
/**
 * Byte budgets (JSON text, UTF-8) of a run's events and of its alerts, 4 MiB together: the answer stays
 * a few MiB whatever the protocol logs. Alerts have their own share, so log noise never crowds one out.
 */
export const MAX_EVENT_BYTES = 3 * 1024 * 1024;
export const MAX_ALERT_BYTES = 1024 * 1024;
/** One event message or fact longer than this (JSON text, characters) is cut to it, ending in a marker. */
export const MAX_TEXT_CHARS = 16 * 1024;
/** An alert message longer than this (characters) is cut to it, ending in a marker. */
export const MAX_ALERT_CHARS = 1000;

/** Ends a cut text with a marker naming its full size. */
function cutText(text: string, limit: number): string {
  return `${text.slice(0, limit)}… (cut from ${Buffer.byteLength(text)} bytes)`;
}

export type Severity = 'info' | 'warning' | 'high' | 'critical';

export interface LoggedEvent {
  event: string;
  line: number;
  kind: string;
  [fact: string]: JsonValue;
}

export interface LoggedAlert {
  severity: Severity;
  message: string;
  line: number;
}

export class RunLog {
  readonly events: LoggedEvent[] = [];
  readonly alerts: LoggedAlert[] = [];
  /** events and alerts beyond the limits */
  dropped = 0;
  /** bytes of JSON text kept so far, against MAX_EVENT_BYTES and MAX_ALERT_BYTES */
  private eventBytes = 0;
  private alertBytes = 0;

  /** False once the event limit or the byte budget is reached: callers skip rendering a message nobody will keep. */
  get accepting(): boolean {
    if (this.events.length < MAX_EVENTS && this.eventBytes < MAX_EVENT_BYTES) return true;
    this.dropped++;
    return false;
  }

  /**
   * Logs `[<line>] LOG: <message>`; check `accepting` first when the message is costly to build.
   * A fact longer than MAX_TEXT_CHARS becomes its cut JSON text and is named in `cut_facts`.
   */
  add(line: number, kind: string, message: string, facts: Record<string, JsonValue> = {}): void {
    if (this.events.length >= MAX_EVENTS || this.eventBytes >= MAX_EVENT_BYTES) {
      this.dropped++;
      return;
    }
    const event: LoggedEvent = { event: `[${line}] LOG: ${message.length > MAX_TEXT_CHARS ? cutText(message, MAX_TEXT_CHARS) : message}`, line, kind };
    let size = Buffer.byteLength(event.event) + kind.length + 32;
    let cut: string[] | undefined;
    for (const name of Object.keys(facts)) {
      const value = facts[name]!;
      const text = typeof value === 'object' && value !== null ? JSON.stringify(value) : typeof value === 'string' ? value : '';
      const kept = text.length > MAX_TEXT_CHARS ? cutText(text, MAX_TEXT_CHARS) : null;
      if (kept !== null) (cut ??= []).push(name);
      event[name] = kept ?? value;
      size += name.length + 8 + Buffer.byteLength(kept ?? text);
    }
    if (cut) event.cut_facts = cut;
    if (this.eventBytes + size > MAX_EVENT_BYTES) {
      this.eventBytes = MAX_EVENT_BYTES; // full: later events are dropped without measuring them
      this.dropped++;
      return;
    }
    this.eventBytes += size;
    this.events.push(event);
  }

  alert(alert: LoggedAlert): void {
    const kept = alert.message.length > MAX_ALERT_CHARS ? { ...alert, message: cutText(alert.message, MAX_ALERT_CHARS) } : alert;
    const size = Buffer.byteLength(kept.message) + 48;
    if (this.alerts.length >= MAX_ALERTS || this.alertBytes + size > MAX_ALERT_BYTES) {
      this.dropped++;
      return;
    }
    this.alertBytes += size;
    this.alerts.push(kept);
  }
}
