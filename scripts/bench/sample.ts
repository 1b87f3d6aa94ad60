// A realistic protocol of about 10,000 characters for the front-end and compile benchmarks.
const BLOCK = (i: number): string => `
    let score${i} = med.scores.qsofa(p);
    let ratio${i} = p.hr / p.bp;
    if score${i} >= 2 and p.lactate > 2.0 {
        alert "Sepsis suspected: qSOFA " + score${i} severity: critical;
    } else if ratio${i} > 0.9 {
        alert "Shock index " + ratio${i} severity: warning;
    } else {
        let note${i} = {"stable": true, "checked": [p.hr, p.rr, p.spo2]};
    }
    track p.lactate using KAE;
`;

export function sampleProtocol(targetLength = 10_000): string {
  const head = `import med.scores;

function band(score) {
    if score >= 2 { return "RED"; }
    if score == 1 { return "AMBER"; }
    return "GREEN";
}

protocol Screen {
    input: Patient p;
`;
  let body = '';
  for (let i = 0; head.length + body.length + 2 < targetLength - 400; i++) body += BLOCK(i);
  return `${head}${body}    assess p for sepsis;\n}\n`;
}
