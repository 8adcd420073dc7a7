/**
 * The wizard inside a corporate programme (issue 51, `/c/{code}`): the employee has verified their
 * work email and holds a pass. The wizard offers only the programme's packages, shows what the
 * company pays and what the employee pays, books the employee alone (no extra participants, no
 * discount code) and sends the pass with the booking.
 */
export interface ProgrammeSplit {
  /** The package's price, GST included. */
  price: string;
  companyPays: string;
  employeePays: string;
}

export interface ProgrammeBookingContext {
  /** Sent as `programmePass`. */
  pass: string;
  /** The verified work email: the booking's email to begin with. */
  email: string;
  /** The covered packages of this event, by package id, with their split. */
  packages: Record<number, ProgrammeSplit>;
  /** Ask "Let my employer see that I booked" (the programme lets HR see names). */
  askShareName: boolean;
  /** A refused booking the programme page says itself (pass expired, entitlement used, fully booked): true when it did. */
  onRefused: (error: unknown) => boolean;
}

/** The fields a programme booking adds to the registration body. */
export function programmeFields(programme: ProgrammeBookingContext, shareName: boolean) {
  return {
    programmePass: programme.pass,
    shareNameWithEmployer: programme.askShareName && shareName,
    participants: [],
  };
}
