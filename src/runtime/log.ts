// The execution log and alerts of one run (language.md §8), with their limits.
import type { JsonValue } from './modules/types.js';

export const MAX_EVENTS = 10_000;
export const MAX_ALERTS = 1_000;

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

  /** False once the event limit is reached: callers skip rendering a message nobody will keep. */
  get accepting(): boolean {
    if (this.events.length < MAX_EVENTS) return true;
    this.dropped++;
    return false;
  }

  /** Logs `[<line>] LOG: <message>`; check `accepting` first when the message is costly to build. */
  add(line: number, kind: string, message: string, facts: Record<string, JsonValue> = {}): void {
    if (this.events.length >= MAX_EVENTS) {
      this.dropped++;
      return;
    }
    this.events.push({ event: `[${line}] LOG: ${message}`, line, kind, ...facts });
  }

  alert(alert: LoggedAlert): void {
    if (this.alerts.length >= MAX_ALERTS) this.dropped++;
    else this.alerts.push(alert);
  }
}
