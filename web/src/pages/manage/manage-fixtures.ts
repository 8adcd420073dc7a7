/** The manage page specs' booking, its paths and the api's answers (issue 46). */
import { type Handler, mockApi, TIMESLOTS } from '../../public/test-utils';

export const REFERENCE = 'HS2612-0001-0002';
export const TOKEN = '1798761600.abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';
export const REG = {
  id: 7,
  referenceNumber: REFERENCE,
  reference_number: REFERENCE,
  status: 'paid',
  firstName: 'Mei',
  lastName: 'Tan',
  email: 'mei@example.com',
  eventId: 1,
  timeslotId: 21,
  region: 'central',
  eventName: 'Community Health Screening',
  packageName: 'Basic Health Screening',
  packagePrice: '128.00',
  timeslotDate: '2026-12-04',
  timeslotTime: '9:00 AM',
  location: 'Toa Payoh',
  cancellationRefund: { kind: 'automatic', amount: '139.52' },
};
export const MANAGE_PATH = `/api/registrations/${REFERENCE}/manage`;
export const RESCHEDULE_PATH = `/api/registrations/${REFERENCE}/reschedule`;
export const MOVED = {
  success: true,
  data: {
    referenceNumber: REFERENCE,
    timeslotId: 11,
    date: '2026-12-01',
    time: '09:00',
    label: '9:00 AM',
    dateLabel: 'Tuesday, 1 December 2026',
    position: '42',
  },
};

export function mockManage(registration: object, more: Record<string, unknown | Handler> = {}) {
  return mockApi({
    [`POST ${MANAGE_PATH}`]: { success: true, data: registration },
    'GET /api/timeslots/postal-code': TIMESLOTS,
    ...more,
  });
}
