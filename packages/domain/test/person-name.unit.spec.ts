/** Myinfo's one full name split into the form's first and last name (issue 49). */
import { describe, expect, it } from 'vitest';
import { nameSplits, splitFullName, titleCaseName } from '../src';

describe('a full name from Myinfo', () => {
  it('suggests the surname of a Chinese name, which comes first, as the last name', () => {
    expect(splitFullName('TAN WEI MING')).toEqual({ firstName: 'Wei Ming', lastName: 'Tan' });
    expect(splitFullName('CHEN XIAO LING')).toEqual({ firstName: 'Xiao Ling', lastName: 'Chen' });
    expect(splitFullName('TAN WEI MING, JOHN')).toEqual({ firstName: 'Wei Ming', lastName: 'Tan' });
  });

  it('keeps the father’s-name part of Malay and Indian names together as the last name', () => {
    expect(splitFullName('AHMAD FAIZAL BIN HASSAN')).toEqual({
      firstName: 'Ahmad Faizal',
      lastName: 'Bin Hassan',
    });
    expect(splitFullName('PRIYA D/O RAMAN')).toEqual({ firstName: 'Priya', lastName: 'D/O Raman' });
  });

  it('splits other names at the last word, and a one-word name is both', () => {
    expect(splitFullName('PRIYA RAMAN')).toEqual({ firstName: 'Priya', lastName: 'Raman' });
    expect(splitFullName("MARY-ANNE O'NEIL SMITH")).toEqual({
      firstName: "Mary-Anne O'Neil",
      lastName: 'Smith',
    });
    expect(splitFullName('SUKARNO')).toEqual({ firstName: 'Sukarno', lastName: 'Sukarno' });
  });

  it('offers every split of the words for the person to correct', () => {
    expect(nameSplits('TAN WEI MING')).toEqual([
      { firstName: 'Tan', lastName: 'Wei Ming' },
      { firstName: 'Tan Wei', lastName: 'Ming' },
    ]);
    expect(titleCaseName('  siti   NURHALIZA ')).toBe('Siti Nurhaliza');
  });
});
