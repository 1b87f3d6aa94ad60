// `npm run bench`: every benchmark, one after the other (built with tsc first, so figures are for the
// code that ships, not for a development loader).
await import('./frontend.js');
await import('./engine.js');
await import('./icd.js');
await import('./admission.js');
await import('./http.js');
await import('./executable.js');
