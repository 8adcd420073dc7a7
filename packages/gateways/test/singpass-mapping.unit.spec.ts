import { describe, expect, it } from 'vitest';
import { mapMyinfoPerson, SingpassError } from '../src';

/** The least Myinfo can give for a prefill: number, name, date of birth. */
const core = {
  uinfin: { value: 's8012345j' },
  name: { value: 'TAN WEI MING' },
  dob: { value: '1980-05-14' },
};

describe('mapMyinfoPerson', () => {
  it('reads the items under person_info, as Singpass sends them, and upper-cases the number', () => {
    const person = mapMyinfoPerson({
      sub: 'uuid',
      person_info: { ...core, sex: { code: 'F', desc: 'FEMALE' } },
    });
    expect(person).toMatchObject({
      identificationNumber: 'S8012345J',
      name: 'TAN WEI MING',
      sex: 'F',
      dateOfBirth: '1980-05-14',
    });
  });

  it('makes every missing, blank or unavailable item null, and an unknown sex U, inventing nothing', () => {
    const person = mapMyinfoPerson({
      person_info: {
        ...core,
        nationality: { code: '', desc: '  ' },
        residentialstatus: { unavailable: true },
        email: { value: '' },
        mobileno: { prefix: { value: '+' }, areacode: { value: '65' }, nbr: { value: '' } },
      },
    });
    expect(person).toEqual({
      identificationNumber: 'S8012345J',
      name: 'TAN WEI MING',
      sex: 'U',
      dateOfBirth: '1980-05-14',
      nationality: null,
      residentialStatus: null,
      mobileNumber: null,
      email: null,
      postalCode: null,
      unitNumber: null,
      address: null,
    });
  });

  it('gives a foreigner without a registered address no address at all', () => {
    const person = mapMyinfoPerson({
      person_info: {
        ...core,
        uinfin: { value: 'G5123456T' },
        nationality: { code: 'MY', desc: 'MALAYSIAN' },
        residentialstatus: { code: 'A', desc: 'ALIEN' },
        regadd: {
          type: 'SG',
          block: { value: '' },
          street: { value: '' },
          postal: { value: '' },
          country: { code: '', desc: '' },
        },
      },
    });
    expect(person).toMatchObject({
      nationality: 'MALAYSIAN',
      residentialStatus: 'ALIEN',
      postalCode: null,
      unitNumber: null,
      address: null,
    });
  });

  it('takes the 8 digits of a Singapore mobile however the +65 is written, and drops a foreign one', () => {
    const mobile = (mobileno: unknown) =>
      mapMyinfoPerson({ person_info: { ...core, mobileno } }).mobileNumber;
    expect(mobile({ prefix: { value: '+' }, areacode: { value: '65' }, nbr: { value: '91234567' } })).toBe(
      '91234567',
    );
    expect(mobile({ areacode: { value: '+65' }, nbr: { value: '9123 4567' } })).toBe('91234567');
    expect(mobile({ nbr: { value: '+6591234567' } })).toBe('91234567');
    expect(
      mobile({ prefix: { value: '+' }, areacode: { value: '60' }, nbr: { value: '123456789' } }),
    ).toBeNull();
    expect(mobile({ nbr: { value: '1234' } })).toBeNull();
  });

  it('writes the unit as #floor-unit only when both are there, and joins block, street and building', () => {
    const address = (regadd: Record<string, unknown>) =>
      mapMyinfoPerson({ person_info: { ...core, regadd } });
    const sg = (fields: Record<string, string>) =>
      Object.fromEntries([['type', 'SG'], ...Object.entries(fields).map(([k, v]) => [k, { value: v }])]);
    expect(
      address(
        sg({
          block: '8',
          street: 'MARINA BOULEVARD',
          building: 'MARINA BAY RESIDENCES',
          floor: '21',
          unit: '04',
          postal: '018981',
        }),
      ),
    ).toMatchObject({
      postalCode: '018981',
      unitNumber: '#21-04',
      address: '8 MARINA BOULEVARD, MARINA BAY RESIDENCES',
    });
    expect(
      address(sg({ block: '17', street: 'JALAN KEMBANGAN', floor: '', unit: '', postal: '419118' })),
    ).toMatchObject({
      postalCode: '419118',
      unitNumber: null,
      address: '17 JALAN KEMBANGAN',
    });
    expect(address(sg({ block: '1', street: 'X ROAD', floor: '03', postal: '12345' }))).toMatchObject({
      unitNumber: null,
      postalCode: null,
    });
    expect(
      address({ type: 'Unformatted', line1: { value: 'PO BOX 123' }, line2: { value: 'SINGAPORE' } }),
    ).toMatchObject({
      postalCode: null,
      unitNumber: null,
      address: 'PO BOX 123, SINGAPORE',
    });
  });

  it('refuses person data without a number, a name or a full date of birth', () => {
    for (const missing of [
      { uinfin: { value: ' ' } },
      { name: { unavailable: true } },
      { dob: { value: '1980' } },
    ]) {
      expect(() => mapMyinfoPerson({ person_info: { ...core, ...missing } })).toThrow(SingpassError);
    }
  });
});
