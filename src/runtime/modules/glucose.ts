// modules.md: the 'glucose' module (being built: functions arrive with their issue).
import type { ModuleDef } from './types.js';

const glucose: ModuleDef = {
  name: 'glucose',
  description: '',
  functions: [],
};

export default glucose;
