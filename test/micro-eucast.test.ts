// EUCAST breakpoints, shipped by default: S ≤ the S breakpoint, R > the R breakpoint, and between them I,
// "susceptible, increased exposure"; the Area of Technical Uncertainty; every answer names the standard and
// its version. Hand-checked values are read from the cells of EUCAST's v15.0 workbook (one per organism group).
import { expect } from 'chai';
import eucastTable from '../src/runtime/modules/micro/data/eucast-breakpoints.json' with { type: 'json' };
import organismTable from '../src/runtime/modules/micro/data/organisms.json' with { type: 'json' };
import { libraryOf } from './helpers/library.js';

const { call } = libraryOf('micro');
const table = eucastTable as any;
const organisms = (organismTable as any).organisms as any[];
const EDITION = 'EUCAST Clinical Breakpoint Tables v. 15.0 (valid from 2025-01-01)';
const sus = (organism: string, drug: string, mic: number | null = null, site: string | null = null) => call('susceptibility', organism, drug, mic, site);
/** the dilution series as EUCAST writes it */
const series = [0.002, 0.004, 0.008, 0.016, 0.03, 0.06, 0.125, 0.25, 0.5, ...Array.from({ length: 12 }, (_, k) => 2 ** k)];
const above = (mic: number) => series.find((d) => d > mic)!;
const below = (mic: number) => [...series].reverse().find((d) => d < mic) ?? null;

describe('micro.susceptibility, standard EUCAST (shipped, the default)', () => {
  it('names the standard and its version in every answer, and EUCAST is the default when no CLSI pack is installed', () => {
    const r = sus('E.coli', 'ceftriaxone', 1, 'nonmeningitis');
    expect(r).to.include({ standard: 'EUCAST', standard_version: EDITION, interpretation: 'SUSCEPTIBLE' });
    expect(r.breakpoint).to.include({ s: 1, r: 2, standard: 'EUCAST', edition: EDITION, agent: 'Ceftriaxone (indications other than meningitis)' });
    expect(call('susceptibility', 'E.coli', 'ceftriaxone', 1, 'nonmeningitis', 'eucast')).to.deep.equal(r);
    expect(sus('E.coli', 'Heparin', 1)).to.include({ found: false, standard: 'EUCAST', standard_version: EDITION });
  });

  it('hand-checked rows of every organism group shipped, at S, just above S (I) and above R', () => {
    // [organism, antibiotic, site, S ≤, R >] as printed in the v15.0 workbook
    const checked: [string, string, string | null, number, number][] = [
      ['E.coli', 'Ceftriaxone', 'nonmeningitis', 1, 2], // Enterobacterales
      ['Klebsiella', 'Ciprofloxacin', 'nonmeningitis', 0.25, 0.5],
      ['Pseudomonas', 'Piperacillin-tazobactam', null, 0.001, 16], // Pseudomonas: S ≤ 0.001 = every wild type is I
      ['Stenotrophomonas', 'TMP-SMX', null, 0.001, 2], // S. maltophilia
      ['Acinetobacter', 'Meropenem', 'nonmeningitis', 2, 8],
      ['S.aureus', 'Vancomycin', null, 2, 2], // Staphylococcus: S. aureus
      ['S.epidermidis', 'Vancomycin', null, 4, 4], // Staphylococcus: coagulase-negative
      ['Enterococcus_faecalis', 'Linezolid', null, 4, 4],
      ['S.pyogenes', 'Penicillin G', null, 0.03, 0.03], // Streptococcus groups A, C and G
      ['S.agalactiae', 'Penicillin G', null, 0.125, 0.125], // group B
      ['Strep_pneumo', 'Penicillin G', 'nonmeningitis', 0.06, 1],
      ['Strep_pneumo', 'Penicillin G', 'meningitis', 0.06, 0.06],
      ['H.influenzae', 'Cefuroxime', 'parenteral', 1, 2],
      ['N.gonorrhoeae', 'Ciprofloxacin', null, 0.03, 0.06],
      ['N.meningitidis', 'Ampicillin', 'nonmeningitis', 0.125, 1],
      ['Bacteroides', 'Metronidazole', null, 4, 4], // anaerobes: Bacteroides spp.
      ['C.diff', 'Vancomycin', null, 2, 2], // anaerobes: C. difficile
    ];
    for (const [organism, drug, site, s, r] of checked) {
      const label = `${organism} ${drug} ${site ?? ''}`;
      const at = (mic: number) => sus(organism, drug, mic, site);
      expect(at(Math.max(s, 0.002)).breakpoint, label).to.include({ s, r });
      if (s >= 0.002) expect(at(s).interpretation, `${label} at S`).to.equal('SUSCEPTIBLE');
      if (r > s) expect(at(above(s)).interpretation, `${label} above S`).to.equal('SUSCEPTIBLE_INCREASED_EXPOSURE');
      expect(at(r).interpretation, `${label} at R`).to.equal(r > s ? 'SUSCEPTIBLE_INCREASED_EXPOSURE' : 'SUSCEPTIBLE');
      expect(at(above(r)).interpretation, `${label} above R`).to.equal('RESISTANT');
    }
  });

  it('every generated row at its S edge (S ≤), inside I, and just above its R edge (R >), for an organism of its group', () => {
    expect(table.rows.length).to.be.above(200);
    const groups = new Set<string>();
    for (const row of table.rows) {
      const organism = organisms.find((o) => o.eucast_group === row.group && (!row.applies_to || row.applies_to.includes(o.key)) && !o.resistant_to.length);
      if (!organism) continue;
      const at = (mic: number) => sus(organism.key, row.antibiotic, mic, row.qualifier);
      const label = `${row.group} ${row.antibiotic} ${row.qualifier ?? ''} (${row.agent})`;
      const first = at(Math.max(row.s, 0.002));
      if (first.intrinsic_susceptibility === 'RESISTANT') continue; // EUCAST also lists the agent as expected resistance
      groups.add(row.group);
      expect(first.breakpoint, label).to.include({ s: row.s, r: row.r });
      if (row.s >= 0.002) {
        expect(at(row.s).interpretation, `${label} at S`).to.equal('SUSCEPTIBLE');
        if (below(row.s) !== null) expect(at(below(row.s)!).interpretation, `${label} below S`).to.equal('SUSCEPTIBLE');
      }
      if (row.r > row.s) expect(at(row.r).interpretation, `${label} at R`).to.equal('SUSCEPTIBLE_INCREASED_EXPOSURE');
      expect(at(above(row.r)).interpretation, `${label} above R`).to.equal('RESISTANT');
    }
    expect([...groups].sort()).to.deep.equal([...new Set(organisms.map((o) => o.eucast_group).filter(Boolean))].sort());
  });

  it('E. coli with ceftriaxone now has an answer (it was NO_BREAKPOINT under the CLSI subset); without a site each indication is read', () => {
    const r = sus('E.coli', 'ceftriaxone', 2);
    expect(r.interpretation).to.equal(null);
    expect(r.by_site.nonmeningitis).to.include({ interpretation: 'SUSCEPTIBLE_INCREASED_EXPOSURE' });
    expect(r.by_site.meningitis).to.include({ interpretation: 'RESISTANT' });
    expect(r.note).to.equal('breakpoints differ by indication (nonmeningitis: indications other than meningitis; meningitis: meningitis); send site for one interpretation');
  });

  it('flags an MIC in the Area of Technical Uncertainty and a bracketed breakpoint, and carries the row\'s notes', () => {
    const atu = sus('E.coli', 'ciprofloxacin', 0.5, 'nonmeningitis');
    expect(atu).to.include({ interpretation: 'SUSCEPTIBLE_INCREASED_EXPOSURE' });
    expect(atu.note).to.contain("MIC 0.5 is in EUCAST's Area of Technical Uncertainty (ATU 0.5)");
    expect(sus('E.coli', 'ciprofloxacin', 0.25, 'nonmeningitis').note).to.equal(null);
    const bracketed = sus('E.coli', 'gentamicin', 2, 'systemic');
    expect(bracketed.breakpoint).to.include({ bracketed: true });
    expect(bracketed.note).to.contain('EUCAST gives this breakpoint in brackets');
    expect(bracketed.breakpoint.notes[0]).to.match(/^1\. For information on how to use breakpoints in brackets/);
  });

  it('reads 0.125 as EUCAST writes it, and a row limited to some species only for them', () => {
    expect(sus('H.influenzae', 'ceftriaxone', 0.12)).to.include({ mic: 0.125, interpretation: 'SUSCEPTIBLE', note: null });
    expect(sus('H.influenzae', 'ceftriaxone', 0.25)).to.include({ interpretation: 'RESISTANT' });
    // nitrofurantoin (uncomplicated UTI) is given for E. coli only
    expect(sus('E.coli', 'nitrofurantoin', 64, 'urine_only')).to.include({ interpretation: 'SUSCEPTIBLE' });
    expect(sus('Klebsiella', 'nitrofurantoin', 64, 'urine_only')).to.include({ interpretation: 'NO_BREAKPOINT' });
    expect(sus('MRSA', 'vancomycin', 4).breakpoint).to.include({ s: 2, r: 2 });
    expect(sus('S.epidermidis', 'vancomycin', 4)).to.include({ interpretation: 'SUSCEPTIBLE' });
  });

  it("says why when EUCAST gives no breakpoint ('-', IE, Note), never SUSCEPTIBLE", () => {
    const dash = sus('E.coli', 'vancomycin', 1);
    expect(dash).to.include({ interpretation: 'RESISTANT', intrinsic_susceptibility: 'RESISTANT' }); // glycopeptides: expected resistance
    const none = sus('Staphylococcus aureus', 'ceftazidime', 1);
    expect(none).to.include({ intrinsic_susceptibility: 'RESISTANT' });
    const ie = sus('N.meningitidis', 'ampicillin', 0.125, 'meningitis');
    expect(ie).to.include({ interpretation: 'NO_BREAKPOINT' });
    expect(ie.note).to.contain('no breakpoint for site meningitis');
    const notRow = sus('S.aureus', 'piperacillin-tazobactam', 1);
    expect(notRow).to.include({ interpretation: 'NO_BREAKPOINT' });
    expect(notRow.note).to.match(/^EUCAST gives no MIC breakpoint; its note says how to report \(Staphylococcus, Piperacillin-tazobactam; 1\. /);
    expect(sus('M.tuberculosis', 'rifampin', 0.5).note).to.equal("EUCAST's breakpoint tables as shipped hold no table for Mycobacterium tuberculosis");
  });

  it('the table records its file, release, licence and SHA-256', () => {
    expect(table).to.include({ name: 'EUCAST clinical breakpoints', version: EDITION, licence: 'LicenseRef-EUCAST', generated_by: 'scripts/data/eucast-breakpoints.ts' });
    expect(table.file).to.include({ name: 'v_15.0_Breakpoint_Tables.xlsx', sha256: 'c540088890d8df1e29fd223d526db6b2c477df5f335413f2db31a1f0dd3f86aa' });
  });
});
