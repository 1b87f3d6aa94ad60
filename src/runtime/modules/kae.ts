// modules.md: the 'kae' module (being built: functions arrive with their issue).
import type { ModuleDef } from './types.js';

const kae: ModuleDef = {
  name: 'kae',
  description: '',
  functions: [],
};

export default kae;
