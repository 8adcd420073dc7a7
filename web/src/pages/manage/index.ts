export { default as ManageAppointmentPage } from './manage-appointment-page';
export type { Rescheduled } from './reschedule-call';
