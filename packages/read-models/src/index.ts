import { slotAvailabilityProjection } from './slot-availability';

export { slotAvailabilityProjection, timeslotStreamId, TIMESLOT_STREAM_PREFIX } from './slot-availability';

/** Every projection the worker's projector runs. */
export const projections = [slotAvailabilityProjection] as const;
