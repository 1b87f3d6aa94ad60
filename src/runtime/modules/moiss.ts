// modules.md: the 'moiss' module (being built: functions arrive with their issue).
import type { ModuleDef } from './types.js';

const moiss: ModuleDef = {
  name: 'moiss',
  description: '',
  functions: [],
};

export default moiss;
