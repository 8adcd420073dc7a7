import { describe, it } from 'vitest';
import { partnerBookingDecider } from '../src';
import { spec } from './given-when-then';

const at = '2026-01-05T01:00:00.000Z';
const given = spec(partnerBookingDecider);

describe('partner booking decider', () => {
  it('lets a booking code complete one booking only', () => {
    given([])
      .when({ type: 'UsePartnerBooking', registrationId: '1', at })
      .thenEvents([{ type: 'PartnerBookingUsed', data: { registrationId: '1', at } }]);
    given([{ type: 'PartnerBookingUsed', data: { registrationId: '1', at } }])
      .when({ type: 'UsePartnerBooking', registrationId: '2', at })
      .thenError({
        code: 'ALREADY_EXISTS',
        message: 'This booking code has already been used for a booking',
      });
  });
});
