/**
 * The reschedule calls' answer (issue 22 contract). A local type until @hs/contracts carries the
 * reschedule answer schema.
 */
export interface Rescheduled {
  referenceNumber: string;
  timeslotId: number;
  /** yyyy-MM-dd */
  date: string;
  /** HH:mm */
  time: string;
  /** '8:00 AM' */
  label: string;
  /** 'Saturday, 28 November 2026' */
  dateLabel: string;
}
