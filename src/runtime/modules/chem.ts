// modules.md: the 'chem' module (being built: functions arrive with their issue).
import type { ModuleDef } from './types.js';

const chem: ModuleDef = {
  name: 'chem',
  description: '',
  functions: [],
};

export default chem;
