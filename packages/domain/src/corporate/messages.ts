/** What a person is told about a corporate programme (issue 51). */
export const PROGRAMME_MESSAGES = {
  notFound: 'Programme not found',
  notOpen: 'This programme is not open for booking.',
  notEligible: 'This programme is not open to your email address.',
  codeSent: 'We have sent an email to this address. Please check your inbox.',
  codeWrong: (attemptsLeft: number) =>
    `The code is not correct. ${attemptsLeft} attempt${attemptsLeft === 1 ? '' : 's'} left.`,
  codeExpired: 'This code has expired. Please ask for a new one.',
  passExpired: 'Your programme session has expired. Please verify your email again.',
  entitlementUsed: 'You have used all your bookings under this programme.',
  fullyBooked: 'This programme is fully booked.',
  packageNotCovered: 'The selected package is not covered by this programme',
  employeeAlone: 'A programme booking is for the employee alone',
  noCodes: 'A discount code cannot be used with a programme booking',
  reportExpired: 'This link has expired.',
} as const;
