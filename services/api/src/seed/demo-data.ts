/** What `npm start` puts into an empty database so every screen has something to show. */

export const DEMO_PACKAGES = [
  {
    key: 'basic',
    name: 'Basic Health Screening',
    price: '128.00',
    aiaPrice: '98.00',
    description: 'Blood pressure, BMI, fasting glucose, lipid panel and a doctor consultation.',
    translations: {
      ms: {
        name: 'Saringan Kesihatan Asas',
        description: 'Tekanan darah, BMI, glukosa berpuasa, panel lipid dan konsultasi doktor.',
      },
      ta: { name: 'அடிப்படை சுகாதாரப் பரிசோதனை' },
    },
  },
  {
    key: 'comprehensive',
    name: 'Comprehensive Health Screening',
    price: '268.00',
    aiaPrice: '218.00',
    description: 'Basic screening plus kidney and liver function, full blood count, thyroid and urine tests.',
    translations: {
      ms: { name: 'Saringan Kesihatan Menyeluruh' },
      ta: { name: 'விரிவான சுகாதாரப் பரிசோதனை' },
    },
  },
  {
    key: 'executive',
    name: 'Executive Health Screening',
    price: '588.00',
    aiaPrice: '488.00',
    description:
      'Comprehensive screening plus ECG, chest X-ray, tumour markers and a review with our doctor.',
  },
  {
    key: 'women',
    name: "Women's Wellness Screening",
    price: '328.00',
    aiaPrice: null,
    description: 'Comprehensive screening plus Pap smear, HPV test and breast examination.',
  },
] as const;

/** Issue 26: every demo event reminds 72 h before by email and SMS, 24 h before by email. */
const DEMO_REMINDERS = [
  { offsetHours: 72, channel: 'both' },
  { offsetHours: 24, channel: 'email' },
] as const;

/** A Google Maps search link for a venue's name and address. */
const mapsSearch = (query: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;

/** A demo venue (issue 46): its map link searches its name and address. */
const venue = (
  name: string,
  address: string,
  postalCode: string,
  phone: string,
  email: string,
  [lat, lng]: [number, number],
) => ({
  name,
  address,
  postalCode,
  mapUrl: mapsSearch(`${name}, ${address}, Singapore ${postalCode}`),
  phone,
  email,
  lat,
  lng,
});

const NOVENA = venue(
  'Novena Health Screening Centre',
  '10 Sinaran Drive, #10-01 Novena Medical Center',
  '307506',
  '+65 6250 1180',
  'novena@whitecoat-partners.example.sg',
  [1.32059, 103.84372],
);

/** The partner event's clinics: one per region (regions.ts), so each postal code is sent to the nearest. */
const PARTNER_CLINICS = {
  north: venue(
    'Woodlands Family Clinic',
    '900 South Woodlands Drive, #04-07 Woodlands Civic Centre',
    '730900',
    '+65 6368 2210',
    'woodlands@whitecoat-partners.example.sg',
    [1.43547, 103.78681],
  ),
  south: venue(
    'Tanjong Pagar Medical Clinic',
    '7 Wallich Street, #B1-05 Guoco Tower',
    '078884',
    '+65 6222 4730',
    'tanjongpagar@whitecoat-partners.example.sg',
    [1.27653, 103.84577],
  ),
  east: venue(
    'Tampines Health Clinic',
    '1 Tampines Walk, #02-15 Our Tampines Hub',
    '528523',
    '+65 6783 5520',
    'tampines@whitecoat-partners.example.sg',
    [1.35324, 103.94004],
  ),
  west: venue(
    'Jurong East Medical Centre',
    '50 Jurong Gateway Road, #04-21 JEM',
    '608549',
    '+65 6560 7340',
    'jurongeast@whitecoat-partners.example.sg',
    [1.33337, 103.74359],
  ),
  central: NOVENA,
};

export const DEMO_EVENTS = [
  {
    name: 'WhiteCoat Health Screening',
    slug: 'whitecoat-health-screening',
    description:
      'Health screening for WhiteCoat telehealth patients, booked by postal code across Singapore.',
    // Where to go is the clinic of the booker's region (issue 46): no catch-all text or venue.
    location: null,
    regionVenues: PARTNER_CLINICS,
    packages: ['basic', 'comprehensive', 'executive'],
    reminders: DEMO_REMINDERS,
    config: { configType: 'auto', numSlots: 10, bufferHours: 24, slotsPerTimeslot: 1, maxAttendees: 20 },
  },
  {
    name: 'Community Health Screening 2026',
    slug: 'community-health-screening-2026',
    description: 'Subsidised screening for residents at the community club.',
    location: null,
    venue: venue(
      'Toa Payoh Central Community Club',
      '93 Toa Payoh Central, Level 2 Multi-purpose Hall',
      '319194',
      '+65 6259 4725',
      'screening@toapayohcc.example.sg',
      [1.33462, 103.84973],
    ),
    packages: ['basic', 'comprehensive', 'women'],
    reminders: DEMO_REMINDERS,
    config: { configType: 'manual', numSlots: 10, bufferHours: 24, slotsPerTimeslot: 1, maxAttendees: 20 },
  },
  {
    name: 'Corporate Wellness Day',
    slug: 'corporate-wellness-day',
    description: 'On-site screening for employees of partner companies.',
    // Issue 46: staff's own translations (the other demo events show English in every language).
    translations: {
      zh: { name: '企业健康日', description: '为合作公司员工提供的现场健康检查。' },
      ms: {
        name: 'Hari Kesejahteraan Korporat',
        description: 'Saringan di tempat kerja untuk pekerja syarikat rakan kongsi.',
      },
      ta: { name: 'நிறுவன நல்வாழ்வு நாள்' },
    },
    location: null,
    venue: venue(
      'MBFC Tower 1 Wellness Suite',
      '8 Marina Boulevard, Level 3',
      '018981',
      '+65 6634 8800',
      'wellness@corporate-screening.example.sg',
      [1.27993, 103.85424],
    ),
    packages: ['comprehensive', 'executive'],
    reminders: DEMO_REMINDERS,
    config: { configType: 'auto', numSlots: 6, bufferHours: 48, slotsPerTimeslot: 1, maxAttendees: 12 },
  },
] as const;

// Singapore public holidays as announced by the Ministry of Manpower (observed Monday where one falls on a Sunday).
export const DEMO_HOLIDAYS = [
  ["New Year's Day", '2026-01-01'],
  ['Chinese New Year', '2026-02-17'],
  ['Chinese New Year (second day)', '2026-02-18'],
  ['Hari Raya Puasa', '2026-03-21'],
  ['Good Friday', '2026-04-03'],
  ['Labour Day', '2026-05-01'],
  ['Hari Raya Haji', '2026-05-27'],
  ['Vesak Day (observed)', '2026-06-01'],
  ['National Day (observed)', '2026-08-10'],
  ['Deepavali (observed)', '2026-11-09'],
  ['Christmas Day', '2026-12-25'],
  ["New Year's Day", '2027-01-01'],
  ['Chinese New Year', '2027-02-06'],
  ['Chinese New Year (observed)', '2027-02-08'],
  ['Hari Raya Puasa', '2027-03-10'],
  ['Good Friday', '2027-03-26'],
  ['Labour Day', '2027-05-01'],
  ['Hari Raya Haji', '2027-05-17'],
  ['Vesak Day', '2027-05-20'],
  ['National Day', '2027-08-09'],
  ['Deepavali', '2027-10-28'],
  ['Christmas Day', '2027-12-25'],
] as const;

const CONFIRMATION_TEMPLATE = `<p>Dear <%= firstName %> <%= lastName %>,</p>
<p>Your health screening appointment is confirmed.</p>
<table>
  <tr><td>Reference number</td><td><strong><%= referenceNumber %></strong></td></tr>
  <tr><td>Event</td><td><%= eventName %></td></tr>
  <tr><td>Location</td><td><%= eventLocation %></td></tr>
  <tr><td>Package</td><td><%= packageName %> (<%= packagePrice %>)</td></tr>
  <tr><td>Date and time</td><td><%= timeslotDate %> <%= timeslotTime %></td></tr>
</table>
<p>Please arrive 15 minutes early, bring your identification and reference number, and fast for 8-10 hours before your blood tests.</p>
<p>If you need to reschedule or cancel, please do so at least 24 hours ahead.</p>`;

const REMINDER_TEMPLATE = `<p>Dear <%= firstName %>,</p>
<p>This is a reminder of your health screening appointment tomorrow: <%= timeslotDate %> at <%= timeslotTime %>, <%= eventLocation %>.</p>
<p>Reference number: <strong><%= referenceNumber %></strong>. Remember to fast for 8-10 hours before your blood tests.</p>`;

export const DEMO_EMAIL_CONFIGS = [
  ['EMAIL_SENDER_NAME', 'Health Screening Appointments', 'Name shown as the sender'],
  ['EMAIL_SENDER_ADDRESS', 'appointments@healthscreening.example.sg', 'Address emails are sent from'],
  [
    'EMAIL_CONFIRMATION_SUBJECT',
    'Your health screening is confirmed: <%= referenceNumber %>',
    'Subject of the confirmation email (EJS)',
  ],
  ['EMAIL_CONFIRMATION_TEMPLATE', CONFIRMATION_TEMPLATE, 'Body of the confirmation email (EJS)'],
  [
    'EMAIL_REMINDER_SUBJECT',
    'Reminder: your health screening tomorrow (<%= referenceNumber %>)',
    'Subject of the reminder email (EJS)',
  ],
  ['EMAIL_REMINDER_TEMPLATE', REMINDER_TEMPLATE, 'Body of the reminder email (EJS)'],
] as const;

export const DEMO_DISCOUNTS = [
  {
    discount: {
      name: 'Welcome promotion',
      lineItemLabel: 'Welcome 10% off',
      discountType: 'promo',
      identifierPrefix: 'WELCOME',
      identifierLength: 6,
      value: '10',
      discountValueType: 'percentage',
      description: '10% off for first-time customers',
      applicableForAIA: true,
    },
    codes: 10,
  },
  {
    discount: {
      name: 'Launch voucher',
      lineItemLabel: 'Launch voucher $20',
      discountType: 'promo',
      identifierPrefix: 'LAUNCH',
      identifierLength: 8,
      value: '20',
      discountValueType: 'fixed',
      limitRedemption: true,
      maxRedemptions: 1,
      description: 'Single-use $20 vouchers',
    },
    codes: 5,
  },
  {
    discount: {
      name: 'AIA member bonus',
      lineItemLabel: 'AIA bonus 5%',
      discountType: 'bin',
      value: '5',
      discountValueType: 'percentage',
      applicableForAIA: true,
      applicableForHealthScreening: true,
      description: 'Extra 5% for verified AIA members',
    },
    codes: 0,
  },
] as const;

/** Manual timeslots of the community event: Saturdays and Sundays of the next four weeks, three times a day. */
export function demoManualSlots(now: Date): { date: string; time: string; maxAttendees: number }[] {
  const slots: { date: string; time: string; maxAttendees: number }[] = [];
  for (let i = 3; i <= 30; i++) {
    const day = new Date(now.getTime() + i * 86_400_000);
    if (day.getUTCDay() !== 0 && day.getUTCDay() !== 6) continue;
    const date = day.toISOString().slice(0, 10);
    for (const time of ['09:00', '10:30', '14:00']) slots.push({ date, time, maxAttendees: 20 });
  }
  return slots;
}

/** The demo customers of the seeded orders: made-up people, @example.sg addresses, NRICs with a valid checksum. */
export const DEMO_CUSTOMERS = {
  paid: ['Wei Ming', 'Tan', 'weiming.tan@example.sg', 'S8001231D', 'male'],
  awaitingPayment: ['Siti', 'Rahman', 'siti.rahman@example.sg', 'S8502142G', 'female'],
  refunded: ['Rajesh', 'Kumar', 'rajesh.kumar@example.sg', 'S9103153A', 'male'],
  partlyRefunded: ['Mei Ling', 'Lim', 'meiling.lim@example.sg', 'S7704164H', 'female'],
  expiring: ['Daniel', 'Ong', 'daniel.ong@example.sg', 'S8806175F', 'male'],
} as const;

/** The booking form's contact fields of a demo customer (all live at a 530123 address). */
export function demoCustomer(key: keyof typeof DEMO_CUSTOMERS) {
  return demoContact(DEMO_CUSTOMERS[key], '1985-06-15');
}

/** A made-up demo person: first and last name, email, NRIC, gender. */
export type DemoPerson = readonly [string, string, string, string, string];

/** The booking form's contact fields of a demo person, at the demo's 530123 address. */
export function demoContact(
  [firstName, lastName, email, identificationNumber, gender]: DemoPerson,
  dateOfBirth: string,
) {
  return {
    firstName,
    lastName,
    email,
    identificationNumber,
    gender,
    mobileNumber: '91234567',
    dateOfBirth,
    postalCode: '530123',
    address: '123 Ang Mo Kio Avenue 6',
  };
}
