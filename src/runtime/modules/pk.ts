// modules.md §4: the 'pk' module (being built: functions arrive with their issue).
import type { CallContext, ModuleDef } from './types.js';

/** Onset in minutes of a drug's default route, null when the drug is unknown (§22.4). */
export function drugOnset(_ctx: CallContext, _drug: string): number | null {
  return null;
}

const pk: ModuleDef = {
  name: 'pk',
  description: '',
  functions: [],
};

export default pk;
