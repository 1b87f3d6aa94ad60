// The library: every module that is built, in modules.md order. The registry is the only way in.
import { Registry } from './registry.js';
import scores from './scores.js';
import pk from './pk/index.js';
import lab from './lab.js';
import glucose from './glucose.js';
import chem from './chem.js';
import signal from './signal.js';
import icd from './icd.js';
import micro from './micro/index.js';
import genomics from './genomics/index.js';
import db from './db/index.js';
import finance from './finance/index.js';
import io from './io/index.js';
import research from './research/index.js';
import kae from './kae.js';
import biochem from './biochem/index.js';
import epi from './epi/index.js';
import nutrition from './nutrition/index.js';
import fhir from './fhir/index.js';
import moiss from './moiss.js';

export const registry = new Registry([scores, pk, lab, glucose, chem, signal, icd, micro, genomics, biochem, epi, nutrition, fhir, db, io, finance, research, kae, moiss]);
