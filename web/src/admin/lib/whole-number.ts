import type { WholeNumberLimit } from '@hs/domain';
import * as v from 'valibot';

/** A number field's text (or a number) as a whole number within `limit`; '' fails with its message. */
export const wholeNumber = ({ min, max, message }: WholeNumberLimit) =>
  v.pipe(
    v.union([v.string(), v.number()], message),
    v.transform((x) => (typeof x === 'string' && x.trim() === '' ? Number.NaN : Number(x))),
    v.number(message),
    v.integer(message),
    v.minValue(min, message),
    v.maxValue(max, message),
  );
