// modules.md: the 'signal' module (being built: functions arrive with their issue).
import type { ModuleDef } from './types.js';

const signal: ModuleDef = {
  name: 'signal',
  description: '',
  functions: [],
};

export default signal;
