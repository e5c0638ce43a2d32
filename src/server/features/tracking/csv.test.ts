import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './csv.js';

describe('CSV cells', () => {
  it('quotes commas, quotes and newlines', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(42)).toBe('42');
  });

  it('neutralises cells a spreadsheet would run as formulas', () => {
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe(`"'=HYPERLINK(""http://evil"",""x"")"`);
    for (const start of ['+', '-', '@', '\t', '\r'])
      expect(csvCell(`${start}1+1`).replace(/^"/, '')).toMatch(/^'/);
    expect(csvLine(['a', '=1', null])).toBe("a,'=1,\r\n");
  });

  it('leaves negative numbers as numbers, and only them', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell('-12.50')).toBe('-12.50');
    for (const text of ['-1+1', '-1.', '-.5', '-1e3', '-1,5', '-1\n'])
      expect(csvCell(text).replace(/^"/, '')).toMatch(/^'/);
  });
});
