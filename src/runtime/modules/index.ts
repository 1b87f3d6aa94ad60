// The library: every module that is built, in modules.md order. The registry is the only way in.
import { Registry } from './registry.js';
import scores from './scores/index.js';
import pk from './pk/index.js';
import lab from './lab/index.js';
import glucose from './glucose/index.js';
import chem from './chem/index.js';
import signal from './signal/index.js';
import icd from './icd/index.js';
import micro from './micro/index.js';
import genomics from './genomics/index.js';
import db from './db/index.js';
import finance from './finance/index.js';
import io from './io/index.js';
import research from './research/index.js';
import kae from './kae/index.js';
import biochem from './biochem/index.js';
import epi from './epi/index.js';
import nutrition from './nutrition/index.js';
import fhir from './fhir/index.js';
import moiss from './moiss/index.js';

export const registry = new Registry([scores, pk, lab, glucose, chem, signal, icd, micro, genomics, biochem, epi, nutrition, fhir, db, io, finance, research, kae, moiss]);
