// modules.md §21: MOISSCode's timing classifier (a heuristic without clinical validation).
import { drugOnset } from '../pk/index.js';
import { classifyTiming } from '../timing.js';
import type { ModuleDef } from '../types.js';

const moiss: ModuleDef = {
  name: 'moiss',
  description: "MOISSCode's timing classifier: is a drug's onset early enough for a deadline?",
  functions: [
    {
      name: 'classify',
      description: 'Timing class of a drug for a deadline, from the onset of its default route; UNKNOWN for a drug not in pk.',
      params: [
        { name: 't_crit_min', type: 'number', unit: 'min', minimum: 0, description: 'minutes until the effect is needed' },
        { name: 'drug_name', type: 'string', maxLength: 200, description: 'drug name (pk table or registered in this run)' },
      ],
      result: { bare: 'string', description: 'the timing class: PROPHYLACTIC, ON_TIME, PARTIAL, MARGINAL, FUTILE, TOO_LATE, or UNKNOWN for a drug whose onset is not known' },
      state: 'none',
      sources: ['MOISSCode timing classifier (heuristic, no clinical validation)'],
      impl: (args, ctx) => classifyTiming(args.t_crit_min as number, drugOnset(ctx, args.drug_name as string)),
    },
  ],
};

export default moiss;
