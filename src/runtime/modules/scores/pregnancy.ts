// Pregnancy dating from the first day of the last menstrual period (issue 25): due date (Naegele's rule with
// cycle-length adjustment), estimated conception date and gestational age. Dates are ISO 'YYYY-MM-DD' (UTC days).
import { ArgumentError, type JsonObject } from '../types.js';

const DAY_MS = 86_400_000;

export function parseDay(value: string, label: string, position: number, name: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  const [y, m, d] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [0, 0, 0];
  const time = Date.UTC(y, m - 1, d);
  const back = new Date(time);
  if (!match || back.getUTCFullYear() !== y || back.getUTCMonth() !== m - 1 || back.getUTCDate() !== d) {
    throw new ArgumentError(`${label}: argument ${position} '${name}' must be a date 'YYYY-MM-DD', got ${JSON.stringify(value)}`);
  }
  return time / DAY_MS;
}

const isoDay = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

// Naegele's rule as ACOG states it (Committee Opinion 700, Obstet Gynecol 2017;129:e150-e154): LMP + 280 days,
// plus (cycle length − 28) days for a longer or shorter regular cycle.
export function dueDate(lmp: string, cycle: number): JsonObject {
  const day = parseDay(lmp, 'scores.due_date', 1, 'lmp_date');
  const adjustment = cycle - 28;
  return { type: 'OB_DATES', due_date: isoDay(day + 280 + adjustment), lmp_date: isoDay(day), cycle_length_days: cycle, adjustment_days: adjustment, rule: "Naegele (LMP + 280 days, adjusted for cycle length)" };
}

// Ovulation, and so conception, about 14 days before the next period (luteal phase ~14 days, Lenton et al., Br J Obstet Gynaecol 1984;91:685-689):
// LMP + (cycle length − 14) days.
export function conceptionDate(lmp: string, cycle: number): JsonObject {
  const day = parseDay(lmp, 'scores.conception_date', 1, 'lmp_date');
  return {
    type: 'OB_DATES',
    conception_date: isoDay(day + cycle - 14),
    lmp_date: isoDay(day),
    cycle_length_days: cycle,
    due_date: isoDay(day + 280 + cycle - 28),
    rule: 'LMP + (cycle length − 14) days',
  };
}

// Gestational age by LMP (ACOG Committee Opinion 700, 2017): completed weeks and days since the LMP.
export function gestationalAge(lmp: string, onDate: string | null, today: Date): JsonObject {
  const label = 'scores.gestational_age';
  const start = parseDay(lmp, label, 1, 'lmp_date');
  const on = onDate === null ? Math.floor(today.getTime() / DAY_MS) : parseDay(onDate, label, 2, 'on_date');
  const days = on - start;
  if (days < 0) throw new ArgumentError(`${label}: argument 2 'on_date' (${isoDay(on)}) is before argument 1 'lmp_date' (${isoDay(start)})`);
  if (days > 45 * 7) throw new ArgumentError(`${label}: ${isoDay(on)} is ${Math.floor(days / 7)} weeks after argument 1 'lmp_date'; a pregnancy dated by LMP ends by 45 weeks`);
  const weeks = Math.floor(days / 7);
  return {
    type: 'OB_DATES',
    gestational_age: `${weeks} weeks ${days % 7} days`,
    weeks,
    days: days % 7,
    total_days: days,
    trimester: weeks < 14 ? 1 : weeks < 28 ? 2 : 3,
    lmp_date: isoDay(start),
    on_date: isoDay(on),
    due_date: isoDay(start + 280),
  };
}
