import type { Fragment, Sql } from '@hs/db';
import { TIMESLOT_LATEST_KINDS, timeslotStream } from '@hs/domain';
import { type StreamRead, latestOfTypesQuery, readLatestOfTypes } from '@hs/eventstore';

/**
 * What a booking reads of its slot's stream: the version and the latest seat, block and capacity
 * events, not the whole history (it grows with every booking of the slot).
 */
const groups = Object.values(TIMESLOT_LATEST_KINDS);

/**
 * As a query to nest in another statement (the pricing statement; see latestOfTypesQuery), of the
 * slot stream whose id is the enclosing statement's column `streamId`.
 */
export const slotStreamQuery = (sql: Sql, streamId: Fragment) => latestOfTypesQuery(sql, streamId, groups);

export const readSlotStream = (sql: Sql, slotId: number): Promise<StreamRead> =>
  readLatestOfTypes(sql, timeslotStream(slotId).id, groups);
