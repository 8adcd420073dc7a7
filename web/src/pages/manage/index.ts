export { default as ManageAppointmentPage } from './manage-appointment-page';
