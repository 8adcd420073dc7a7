import { describe, expect, it } from 'vitest';
import { type DomainErrorCode, domainErrorHttpStatus } from '../src';

/**
 * Every refusal's HTTP status, as every route answers it. Typed as a record of every code, so a new
 * code does not typecheck until it has its row here.
 */
const STATUS: Record<DomainErrorCode, 400 | 404 | 409> = {
  NOT_FOUND: 404,
  INVALID: 400,
  TOO_MANY_PARTICIPANTS: 400,
  ALREADY_EXISTS: 409,
  SLOT_FULL: 409,
  SLOT_NOT_AVAILABLE: 409,
  CAPACITY_BELOW_BOOKED: 409,
  ALREADY_CANCELLED: 409,
  CANCELLED: 409,
  STATUS_NOT_ALLOWED: 409,
  PRIMARY_REQUIRED: 409,
  ALREADY_PAID: 409,
  DISCOUNT_ALREADY_APPLIED: 409,
  REDEMPTION_LIMIT_REACHED: 409,
  EXPIRED: 409,
  REFUND_EXCEEDS_PAID: 409,
  PROGRAMME_FULL: 409,
  ENTITLEMENT_USED: 409,
};

describe('domainErrorHttpStatus', () => {
  it.each(Object.entries(STATUS))('answers %s with %i', (code, status) => {
    expect(domainErrorHttpStatus({ code: code as DomainErrorCode })).toBe(status);
  });
});
