// modules.md: the 'scores' module (being built: functions arrive with their issue).
import type { ModuleDef } from './types.js';

const scores: ModuleDef = {
  name: 'scores',
  description: '',
  functions: [],
};

export default scores;
