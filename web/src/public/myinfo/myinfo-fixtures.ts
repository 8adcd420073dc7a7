/** Test data: a Myinfo retrieval as GET /api/myinfo/prefill/{handle} answers it (specs only). */
export const MYINFO_HANDLE = 'h4ndle_0123456789-abcdefghijABCDEFGHIJ0123';

export const MYINFO_PERSON = {
  handle: MYINFO_HANDLE,
  identificationNumber: 'S9812381D',
  fullName: 'TAN WEI MING',
  firstName: 'Wei Ming',
  lastName: 'Tan',
  gender: 'male',
  dateOfBirth: '1988-10-06',
  nationality: 'Singapore Citizen',
  residentialStatus: 'Citizen',
  mobileNumber: '97399245',
  email: 'weiming@example.com',
  postalCode: '560123',
  unitNumber: '#10-12',
  address: '123 Ang Mo Kio Avenue 3',
} as const;

/** The api routes of a deployment with Singpass configured and this retrieval waiting. */
export const MYINFO_ROUTES = {
  'GET /api/myinfo': { success: true, data: { enabled: true } },
  [`GET /api/myinfo/prefill/${MYINFO_HANDLE}`]: { success: true, data: MYINFO_PERSON },
};
