// modules.md: the 'icd' module (being built: functions arrive with their issue).
import type { ModuleDef } from './types.js';

const icd: ModuleDef = {
  name: 'icd',
  description: '',
  functions: [],
};

export default icd;
