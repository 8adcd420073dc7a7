import { orderHistoryProjection } from './order-history';
import { ordersProjection } from './orders';
import { slotAvailabilityProjection } from './slot-availability';

export { slotAvailabilityProjection } from './slot-availability';
export { ordersProjection } from './orders';
export { orderHistoryProjection, summarize } from './order-history';
export { selectDueHolds } from './due-holds';
export {
  OrderNotReadyError,
  type OrderRefund,
  type OrderRow,
  readOrder,
  readOrderAtVersion,
  selectOrders,
} from './order-reader';

/** Every projection the worker's projector runs. */
export const projections = [slotAvailabilityProjection, ordersProjection, orderHistoryProjection] as const;
