import { describe, expect, it } from 'vitest';
import { nameSplits } from './name-split';
import { clearedValues, myinfoMarks, prefillValues } from './prefill';
import { MYINFO_PERSON } from './myinfo-fixtures';
import { parseMyinfoFragment } from './return-fragment';
import { saveFormForMyinfo, takeSavedForm } from './saved-form';

describe('Myinfo on the client (issue 49)', () => {
  it('reads the return fragment: a handle, the three failures, anything else as none', () => {
    expect(parseMyinfoFragment('#myinfo=abc_DEF-123')).toEqual({ handle: 'abc_DEF-123' });
    expect(parseMyinfoFragment('#myinfo-error=cancelled')).toEqual({ error: 'cancelled' });
    expect(parseMyinfoFragment('#myinfo-error=unavailable')).toEqual({ error: 'unavailable' });
    expect(parseMyinfoFragment('#myinfo-error=refused')).toEqual({ error: 'refused' });
    // an unknown failure still says something went wrong
    expect(parseMyinfoFragment('#myinfo-error=whatever')).toEqual({ error: 'refused' });
    expect(parseMyinfoFragment('#main')).toBeNull();
    expect(parseMyinfoFragment('')).toBeNull();
    expect(parseMyinfoFragment('#myinfo=<script>')).toBeNull();
  });

  it('offers every split of the full name, family name first or last, the suggestion first', () => {
    expect(nameSplits('TAN WEI MING', { firstName: 'Wei Ming', lastName: 'Tan' })).toEqual([
      { firstName: 'Wei Ming', lastName: 'Tan' },
      { firstName: 'Tan', lastName: 'Wei Ming' },
      { firstName: 'Ming', lastName: 'Tan Wei' },
      { firstName: 'Tan Wei', lastName: 'Ming' },
    ]);
    expect(
      nameSplits("NUR AISYAH BINTE O'NEILL", { firstName: 'Nur Aisyah', lastName: "Binte O'Neill" }),
    ).toContainEqual({ firstName: 'Nur', lastName: "Aisyah Binte O'Neill" });
    expect(nameSplits('MADONNA', { firstName: 'Madonna', lastName: '' })).toHaveLength(1);
  });

  it('fills what Myinfo gave, in the form’s spelling, and leaves the rest', () => {
    const person = { ...MYINFO_PERSON, email: null, unitNumber: null, gender: 'female' as const };
    const filled = prefillValues(person, { date: 'dmy', gender: (g) => (g === 'male' ? 'Male' : 'Female') });
    expect(filled).toMatchObject({ dateOfBirth: '06/10/1988', gender: 'Female', mobileNumber: '97399245' });
    expect('email' in filled).toBe(false);
    expect('unitNumber' in filled).toBe(false);
    expect(clearedValues(person)).toMatchObject({ identificationNumber: '', address: '' });
    const marks = myinfoMarks(person, ['firstName', 'email', 'identificationNumber', 'mobileNumber']);
    expect([...marks.filled].sort()).toEqual(['firstName', 'identificationNumber', 'mobileNumber']);
    expect([...marks.locked].sort()).toEqual(['firstName', 'identificationNumber']);
  });

  it('keeps the form in session storage, never local storage, and gives it back once to its own form', () => {
    saveFormForMyinfo('wizard:1', { step: 1 });
    expect(localStorage.length).toBe(0);
    expect(takeSavedForm('wizard:2')).toBeNull();
    saveFormForMyinfo('wizard:1', { step: 1 });
    expect(takeSavedForm('wizard:1')).toEqual({ step: 1 });
    expect(takeSavedForm('wizard:1')).toBeNull();
  });
});
