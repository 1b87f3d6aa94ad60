// modules.md: the 'lab' module (being built: functions arrive with their issue).
import type { ModuleDef } from './types.js';

const lab: ModuleDef = {
  name: 'lab',
  description: '',
  functions: [],
};

export default lab;
