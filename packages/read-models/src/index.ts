import { ordersProjection } from './orders';
import { reportsProjection } from './reports';
import { slotAvailabilityProjection } from './slot-availability';
import { waitlistProjection } from './waitlist-projection';

export { readSeatsLeft, slotAvailabilityProjection } from './slot-availability';
export { ordersProjection } from './orders';
export { readAppointmentVenue, readEventVenues, readVenuesOf } from './venues';
export {
  TIMELINE_EVENT_TYPES,
  type TimelineEntry,
  readOrderTimeline,
  summarize,
} from './order-timeline';
export { selectDueHolds } from './due-holds';
export { type DueTimes, nextHoldDueAt, nextOfferDueAt } from './next-due';
export { selectDueNoShows } from './due-no-shows';
export {
  type OwedWork,
  type OwedWorkCursor,
  claimOwedWork,
  countOwedWork,
  countOwedWorkBefore,
  oweAgain,
  recordOwedWork,
  releaseOwedWork,
  selectOwedWork,
  selectStaleOwedWork,
  settleOwedWork,
} from './owed-work';
export { waitlistProjection } from './waitlist-projection';
export { reportsProjection } from './reports';
export { type Insights, readInsights } from './reports-reader';
export { type AwaitingPayment, type Operations, type SlotProgress, readOperations } from './operations';
export {
  type GstMonth,
  type GstSums,
  type IssuedDocument,
  emptyGstSums,
  gstReport,
  readDocument,
  readIssuedDocument,
  readOrderDocuments,
  readProgrammeDocuments,
} from './invoices';
export {
  type WaitlistEntryRow,
  countActiveWaitlist,
  countActiveWaitlistByEvent,
  readWaitlistEntry,
  readWaitlistEntryByTokenHash,
  selectDueOffers,
  selectWaitingEntries,
  selectWaitlist,
  waitlistPositionAt,
} from './waitlist';
export {
  OrderNotReadyError,
  type OrderRefund,
  type OrderRow,
  openOrders,
  readOrder,
  readOrderAtVersion,
  selectOrders,
} from './order-reader';

/** Every projection the worker's projector runs. */
export const projections = [
  slotAvailabilityProjection,
  ordersProjection,
  waitlistProjection,
  reportsProjection,
] as const;
