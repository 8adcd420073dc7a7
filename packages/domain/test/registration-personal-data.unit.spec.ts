import { describe, expect, it } from 'vitest';
import { registrationDecider } from '../src';
import { spec } from './given-when-then';
import { at, booked, person } from './registration-fixtures';

const given = spec(registrationDecider);
const party = () => booked([person('p1'), person('p2')]);

describe('staff looking at personal data (issue 24)', () => {
  it('a reveal names the staff member and every participant whose number was shown', () => {
    given(party())
      .when({ type: 'RevealIdentification', by: 'alice', at })
      .thenEvents([
        { type: 'IdentificationRevealed', data: { participantIds: ['p1', 'p2'], by: 'alice', at } },
      ]);
  });

  it('an access request is recorded naming the staff member', () => {
    given(party())
      .when({ type: 'ExportPersonalData', by: 'bob', at })
      .thenEvents([{ type: 'PersonalDataExported', data: { by: 'bob', at } }]);
  });

  it('every look is recorded, a second one too, and on a cancelled order', () => {
    const revealed = {
      type: 'IdentificationRevealed' as const,
      data: { participantIds: ['p1', 'p2'], by: 'alice', at },
    };
    const cancelled = given(party()).when({ type: 'CancelRegistration', at }).result;
    expect(Array.isArray(cancelled)).toBe(true);
    given([...party(), ...(cancelled as never[]), revealed])
      .when({ type: 'RevealIdentification', by: 'carol', at })
      .thenEvents([
        { type: 'IdentificationRevealed', data: { participantIds: ['p1', 'p2'], by: 'carol', at } },
      ]);
  });

  it('refuses an order that does not exist', () => {
    given([]).when({ type: 'RevealIdentification', by: 'alice', at }).thenError({ code: 'NOT_FOUND' });
    given([]).when({ type: 'ExportPersonalData', by: 'alice', at }).thenError({ code: 'NOT_FOUND' });
  });

  it('changes nothing of the order', () => {
    const before = given(party()).when({ type: 'RevealIdentification', by: 'a', at });
    const state = before.thenEvents(before.result as never);
    const plain = given(party()).when({ type: 'ExportPersonalData', by: 'a', at });
    expect(state).toEqual(plain.thenEvents(plain.result as never));
  });
});
