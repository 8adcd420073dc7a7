/**
 * The fake Singpass's demo people, in Myinfo (v5) shapes (`{ value }`, `{ code, desc }`, the mobile
 * number and registered address as Myinfo nests them). Made-up people with valid NRIC/FIN checksums and
 * @example.sg addresses. Tan Wei Ming is the demo insurer member (DEMO_MEMBERS): the member check passes
 * on his verified number and date of birth.
 */
import { DEMO_MEMBERS } from '../membership/member-verifier';

export interface FakeSingpassPersona {
  /** Singpass's subject (a UUID in real life, never the NRIC). */
  sub: string;
  /** Shown on the login page (the button's accessible name starts with it); Myinfo's own is in personInfo. */
  name: string;
  /** One short line under the name on the login page. */
  description: string;
  /** Myinfo items keyed by scope name, as userinfo's person_info carries them. */
  personInfo: Record<string, unknown>;
}

const member = DEMO_MEMBERS[0] as { identificationNumber: string; dateOfBirth: string; name: string };

/** A Myinfo item with the metadata Myinfo adds to each. */
function item<T extends object>(fields: T) {
  return { lastupdated: '2025-01-15', source: '1', classification: 'C', ...fields };
}

function mobile(nbr: string) {
  return item({ prefix: { value: '+' }, areacode: { value: '65' }, nbr: { value: nbr } });
}

function sgAddress(a: {
  block: string;
  street: string;
  building: string;
  floor: string;
  unit: string;
  postal: string;
}) {
  return item({
    type: 'SG',
    block: { value: a.block },
    street: { value: a.street },
    building: { value: a.building },
    floor: { value: a.floor },
    unit: { value: a.unit },
    postal: { value: a.postal },
    country: { code: 'SG', desc: 'SINGAPORE' },
  });
}

const CITIZEN = {
  nationality: item({ code: 'SG', desc: 'SINGAPORE CITIZEN' }),
  residentialstatus: item({ code: 'C', desc: 'CITIZEN' }),
};

export const FAKE_SINGPASS_PERSONAS: readonly FakeSingpassPersona[] = Object.freeze([
  {
    sub: '5d0b8c1e-3f6a-4c2b-9a41-7e2f0c9d1a01',
    name: member.name,
    description: `Singapore citizen, HDB flat, demo insurer member (${member.identificationNumber})`,
    personInfo: {
      uinfin: item({ value: member.identificationNumber }),
      name: item({ value: member.name.toUpperCase() }),
      sex: item({ code: 'M', desc: 'MALE' }),
      dob: item({ value: member.dateOfBirth }),
      ...CITIZEN,
      mobileno: mobile('91234567'),
      email: item({ value: 'tan.weiming@example.sg' }),
      regadd: sgAddress({
        block: '123',
        street: 'ANG MO KIO AVENUE 3',
        building: '',
        floor: '05',
        unit: '123',
        postal: '560123',
      }),
    },
  },
  {
    sub: '8a7f3b2d-1c4e-4f5a-8b6c-2d9e0f1a2b02',
    name: 'Chen Xiao Ling',
    description: 'Permanent resident, condominium (S8523416A)',
    personInfo: {
      uinfin: item({ value: 'S8523416A' }),
      name: item({ value: 'CHEN XIAO LING' }),
      sex: item({ code: 'F', desc: 'FEMALE' }),
      dob: item({ value: '1985-03-09' }),
      nationality: item({ code: 'CN', desc: 'CHINESE' }),
      residentialstatus: item({ code: 'P', desc: 'PR' }),
      mobileno: mobile('98765432'),
      email: item({ value: 'chen.xiaoling@example.sg' }),
      regadd: sgAddress({
        block: '8',
        street: 'MARINA BOULEVARD',
        building: 'MARINA BAY RESIDENCES',
        floor: '21',
        unit: '04',
        postal: '018981',
      }),
    },
  },
  {
    sub: 'c3e1f9a7-6b2d-4e8f-a1c3-5f7b9d2e4c03',
    name: 'Ahmad Faizal bin Hassan',
    description: 'Malaysian work pass holder, no registered address (G5123456T)',
    personInfo: {
      uinfin: item({ value: 'G5123456T' }),
      name: item({ value: 'AHMAD FAIZAL BIN HASSAN' }),
      sex: item({ code: 'M', desc: 'MALE' }),
      dob: item({ value: '1990-11-23' }),
      nationality: item({ code: 'MY', desc: 'MALAYSIAN' }),
      residentialstatus: item({ code: 'A', desc: 'ALIEN' }),
      mobileno: mobile('81234567'),
      email: item({ value: 'ahmad.faizal@example.sg' }),
      // Myinfo holds no registered address for most foreigners: the item is absent.
    },
  },
  {
    sub: 'f1d2c3b4-a596-4877-8899-aabbccdd0e04',
    name: 'Priya Raman',
    description: 'Singapore citizen, landed house, no mobile or email in Myinfo (T0234567B)',
    personInfo: {
      uinfin: item({ value: 'T0234567B' }),
      name: item({ value: 'PRIYA RAMAN' }),
      sex: item({ code: 'F', desc: 'FEMALE' }),
      dob: item({ value: '2002-07-30' }),
      ...CITIZEN,
      mobileno: item({ prefix: { value: '' }, areacode: { value: '' }, nbr: { value: '' } }),
      email: item({ value: '' }),
      regadd: sgAddress({
        block: '17',
        street: 'JALAN KEMBANGAN',
        building: '',
        floor: '',
        unit: '',
        postal: '419118',
      }),
    },
  },
]);

export function findPersona(sub: string): FakeSingpassPersona | undefined {
  return FAKE_SINGPASS_PERSONAS.find((p) => p.sub === sub);
}

/** userinfo's person_info: only the items whose scope was granted. */
export function personInfoForScope(persona: FakeSingpassPersona, scope: string): Record<string, unknown> {
  const granted = new Set(scope.split(' '));
  return Object.fromEntries(Object.entries(persona.personInfo).filter(([key]) => granted.has(key)));
}
