// The EUCAST generator (scripts/data/eucast-breakpoints.ts) on a small workbook in the layout of EUCAST's
// breakpoint tables, built here: footnote markers are superscript runs and never become digits, brackets,
// ATU, indications, species limits and the band's numbered notes are read, "-" and IE become no-breakpoint rows.
import { expect } from 'chai';
import ExcelJS from 'exceljs';
import { readWorkbook, SHEETS } from '../scripts/data/eucast-breakpoints.js';

const superscript = (text: string, note: string) => ({ richText: [{ text }, { text: note, font: { vertAlign: 'superscript' as const } }] });

async function sample(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Enterobacterales');
  sheet.getCell('A1').value = 'Enterobacterales';
  sheet.getCell('I1').value = 'EUCAST Clinical Breakpoint Tables v. 15.0, valid from 2025-01-01';
  sheet.getCell('A8').value = 'Aminoglycosides';
  sheet.getCell('B8').value = 'MIC breakpoints (mg/L)';
  sheet.getCell('B9').value = 'S ≤';
  sheet.getCell('C9').value = 'R >';
  sheet.getCell('D9').value = 'ATU';
  sheet.getCell('A10').value = superscript('Gentamicin (systemic infections)', '');
  sheet.getCell('B10').value = superscript('(2)', '1');
  sheet.getCell('C10').value = superscript('(2)', '1');
  sheet.getCell('I10').value = '1. For information on how to use breakpoints in brackets, see the guidance.\n2. Another note.';
  sheet.getCell('A11').value = 'Ampicillin-sulbactam iv';
  sheet.getCell('B11').value = superscript('8', '2');
  sheet.getCell('C11').value = superscript('8', '2');
  sheet.getCell('A12').value = 'Ciprofloxacin (indications other than meningitis)';
  sheet.getRow(12).getCell(2).value = 0.25;
  sheet.getRow(12).getCell(3).value = 0.5;
  sheet.getRow(12).getCell(4).value = 0.5;
  sheet.getCell('A13').value = 'Nitrofurantoin (uncomplicated UTI only), E. coli';
  sheet.getCell('B13').value = 64;
  sheet.getCell('C13').value = 64;
  sheet.getCell('A14').value = 'Vancomycin';
  sheet.getCell('B14').value = '-';
  sheet.getCell('C14').value = '-';
  sheet.getCell('A15').value = 'Cefoxitin (screen only)';
  sheet.getCell('B15').value = 'Note';
  sheet.getCell('C15').value = 'Note';
  sheet.getCell('A16').value = 'Netilmicin';
  sheet.getCell('B16').value = 'IE';
  sheet.getCell('C16').value = 'IE';
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('EUCAST breakpoint generator (scripts/data/eucast-breakpoints.ts)', () => {
  it('reads values without their superscript footnotes, with brackets, ATU, indications, species and notes', async () => {
    const { edition, rows, none, skipped } = await readWorkbook(await sample(), SHEETS.filter((s) => s.sheet === 'Enterobacterales'));
    expect(edition).to.equal('15.0 (valid from 2025-01-01)');
    expect(rows).to.deep.equal([
      { group: 'Enterobacterales', antibiotic: 'Gentamicin', agent: 'Gentamicin (systemic infections)', s: 2, r: 2, atu: null, qualifier: 'systemic', bracketed: true, notes: ['1. For information on how to use breakpoints in brackets, see the guidance.'] },
      // 8 with footnote 2 is 8, not 82
      { group: 'Enterobacterales', antibiotic: 'Ampicillin_Sulbactam', agent: 'Ampicillin-sulbactam iv', s: 8, r: 8, atu: null, qualifier: 'parenteral', bracketed: false, notes: ['2. Another note.'] },
      { group: 'Enterobacterales', antibiotic: 'Ciprofloxacin', agent: 'Ciprofloxacin (indications other than meningitis)', s: 0.25, r: 0.5, atu: 0.5, qualifier: 'nonmeningitis', bracketed: false, notes: [] },
      { group: 'Enterobacterales', antibiotic: 'Nitrofurantoin', agent: 'Nitrofurantoin (uncomplicated UTI only), E. coli', s: 64, r: 64, atu: null, qualifier: 'urine_only', applies_to: ['E.coli'], bracketed: false, notes: [] },
    ]);
    // Netilmicin is not an antibiotic micro holds, so its IE row is not kept
    expect(none.map((n) => [n.antibiotic, n.reason])).to.deep.equal([['Vancomycin', 'EUCAST lists no breakpoint ("-"): susceptibility testing is not recommended, as the species is a poor target for the agent']]);
    expect(skipped).to.deep.equal(['Enterobacterales: Cefoxitin (screen only) (indication not modelled)']);
  });
});
