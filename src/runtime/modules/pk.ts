// modules.md: the 'pk' module (being built: functions arrive with their issue).
import type { ModuleDef } from './types.js';

const pk: ModuleDef = {
  name: 'pk',
  description: '',
  functions: [],
};

export default pk;
