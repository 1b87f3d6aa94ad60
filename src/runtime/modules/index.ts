// The library: every module that is built, in modules.md order. The registry is the only way in.
import { Registry } from './registry.js';
import scores from './scores.js';
import pk from './pk/index.js';
import lab from './lab.js';
import glucose from './glucose.js';
import chem from './chem.js';
import signal from './signal.js';
import icd from './icd.js';
import db from './db/index.js';
import finance from './finance/index.js';
import io from './io/index.js';
import research from './research/index.js';
import kae from './kae.js';
import moiss from './moiss.js';

export const registry = new Registry([scores, pk, lab, glucose, chem, signal, icd, db, io, finance, research, kae, moiss]);
