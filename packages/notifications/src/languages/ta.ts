import type { Translation } from './words';

/** தமிழ் emails (translator: edit the words; the variables in <%= %> stay as they are). */
export const TA_WORDS: Translation = {
  dear: 'அன்புள்ள <%= greetingName %>,',
  referenceNumber: 'குறிப்பு எண்',
  event: 'நிகழ்வு',
  dateTime: 'தேதியும் நேரமும்',
  location: 'இடம்',
  openMap: 'வரைபடத்தில் திற',
  attendees: 'பங்கேற்பாளர்கள்',
  totalInclGst: 'மொத்தம் (9% GST உட்பட)',
  discounts: 'தள்ளுபடிகள்',
  gst: 'GST 9%',
  paidViaPartner: 'கூட்டாளர் வழியாகச் செலுத்தியது',
  paid: 'செலுத்தியது',
  balanceDue: 'செலுத்த வேண்டிய மீதி',
  notes:
    '15 நிமிடங்கள் முன்னதாக வரவும்; உங்கள் அடையாள அட்டையையும் (NRIC) குறிப்பு எண்ணையும் கொண்டு வரவும்; இரத்தப் பரிசோதனைக்கு முன் 8-10 மணி நேரம் உண்ணாமல் இருக்கவும்.',
  manage: 'எனது முன்பதிவை நிர்வகி',
  manageHint: 'சந்திப்புக்கு 24 மணி நேரம் முன்பு வரை எப்போது வேண்டுமானாலும் நேரத்தை மாற்றலாம் அல்லது ரத்துசெய்யலாம்.',
  contactUs: 'கேள்விகள் உள்ளதா? <%= companyName %> ஐத் தொடர்பு கொள்ளவும்:',
  sentBy: 'உங்கள் சந்திப்பு குறித்து <%= companyName %> இந்த மின்னஞ்சலை அனுப்பியது.',
  confirmationSubject: 'உங்கள் சுகாதாரப் பரிசோதனை உறுதிசெய்யப்பட்டது: <%= referenceNumber %>',
  confirmed: 'உங்கள் சுகாதாரப் பரிசோதனைச் சந்திப்பு உறுதிசெய்யப்பட்டது.',
  confirmationAttached:
    'உங்கள் முன்பதிவு உறுதிப்படுத்தல் PDF ஆகவும், நாட்காட்டி அழைப்புடனும் (appointment.ics) இணைக்கப்பட்டுள்ளது.',
  checkInTitle: 'உங்கள் வருகைப் பதிவுக் குறியீடு',
  checkInHint: 'அன்று முன் மேசையில் இந்தக் குறியீட்டைக் காட்டவும். ஒரு குறியீடு உங்கள் முழுக் குழுவையும் பதிவு செய்யும்.',
  receiptSubject: '<%= referenceNumber %> க்கான கட்டணம் பெறப்பட்டது: வரி விலைப்பட்டியல் <%= invoiceNumber %>',
  thanks: 'உங்கள் கட்டணத்திற்கு நன்றி.',
  amountPaid: 'செலுத்திய தொகை',
  paymentMethod: 'கட்டண முறை',
  transactionId: 'பரிவர்த்தனை எண்',
  paidOn: 'செலுத்திய நேரம்',
  invoiceAttached: 'உங்கள் வரி விலைப்பட்டியல் <strong><%= invoiceNumber %></strong> PDF ஆக இணைக்கப்பட்டுள்ளது.',
  invoiceSubject: '<%= referenceNumber %> க்கான விலைப்பட்டியல் <%= invoiceNumber %>',
  invoiceIntro:
    '<%= invoiceDate %> தேதியிட்ட உங்கள் விலைப்பட்டியல் <strong><%= invoiceNumber %></strong> கீழேயும் இணைப்பிலும் உள்ளது.',
  subtotal: 'கூட்டுத்தொகை',
  total: 'மொத்தம்',
  rescheduledSubject:
    'உங்கள் சுகாதாரப் பரிசோதனை <%= referenceNumber %> இப்போது <%= timeslotDate %>, <%= timeslotTime %> அன்று',
  moved:
    'உங்கள் சுகாதாரப் பரிசோதனைச் சந்திப்பு <strong><%= referenceNumber %></strong> <%= previousTimeslotDate %>, <%= previousTimeslotTime %> இலிருந்து <strong><%= timeslotDate %>, <%= timeslotTime %></strong> க்கு மாற்றப்பட்டது.',
  icsUpdates:
    'இணைக்கப்பட்ட நாட்காட்டி அழைப்பு (appointment.ics) உங்கள் நாட்காட்டியில் சந்திப்பைப் புதுப்பிக்கும். உங்கள் தொகுப்பு, பங்கேற்பாளர்கள், கட்டணங்கள் மாறவில்லை.',
  cancellationSubject: 'உங்கள் சுகாதாரப் பரிசோதனைச் சந்திப்பு <%= referenceNumber %> ரத்துசெய்யப்பட்டது',
  cancelled: 'உங்கள் சுகாதாரப் பரிசோதனைச் சந்திப்பு <strong><%= referenceNumber %></strong> ரத்துசெய்யப்பட்டது.',
  bookAgainContact:
    'இதைச் செய்தது நீங்கள் இல்லையெனில், அல்லது மீண்டும் முன்பதிவு செய்ய விரும்பினால், எங்கள் முன்பதிவுத் தளத்தைப் பார்வையிடவும் அல்லது எங்களைத் தொடர்பு கொள்ளவும்.',
  expirySubject: 'உங்கள் முன்பதிவு <%= referenceNumber %> காலாவதியானது',
  expired:
    'உங்கள் முன்பதிவு <strong><%= referenceNumber %></strong> <%= expiredAt %> வரை கட்டணத்திற்காக ஒதுக்கப்பட்டிருந்தது. உரிய நேரத்தில் கட்டணம் பெறப்படாததால், முன்பதிவு காலாவதியாகி இடங்கள் விடுவிக்கப்பட்டன.',
  nothingCharged: 'எந்தக் கட்டணமும் வசூலிக்கப்படவில்லை. நீங்கள் இன்னும் கலந்துகொள்ள விரும்பினால், மீண்டும் முன்பதிவு செய்யவும்.',
  bookAgain: 'மீண்டும் முன்பதிவு செய்',
  refundSubject: '<%= referenceNumber %> க்கான <%= refundAmount %> பணம் திருப்பியளிப்பு',
  refunded:
    'உங்கள் முன்பதிவு <strong><%= referenceNumber %></strong> க்கு <strong><%= refundAmount %></strong> திருப்பியளித்துள்ளோம்.',
  creditNote: 'வரவுக் குறிப்பு',
  date: 'தேதி',
  originalInvoice: 'வரி விலைப்பட்டியல்',
  amountRefunded: 'திருப்பியளித்த தொகை',
  inclGst: 'GST உட்பட',
  reason: 'காரணம்',
  totalRefunded: 'மொத்தம் திருப்பியளித்தது',
  backToCard: 'பணம் நீங்கள் செலுத்திய அட்டைக்கே திரும்பும்; உங்கள் வங்கி அதைக் காட்ட 5-10 வேலை நாட்கள் ஆகலாம்.',
  creditNoteAttached:
    'வரி விலைப்பட்டியல் <strong><%= invoiceNumber %></strong> க்கான வரவுக் குறிப்பு <strong><%= creditNoteNumber %></strong> PDF ஆக இணைக்கப்பட்டுள்ளது.',
  reminderSubject:
    'நினைவூட்டல்: உங்கள் சுகாதாரப் பரிசோதனை <%= timeslotDate %>, <%= timeslotTime %> (<%= referenceNumber %>)',
  reminderIntro:
    'உங்கள் சுகாதாரப் பரிசோதனைச் சந்திப்புக்கான நினைவூட்டல்: <strong><%= timeslotDate %>, <%= timeslotTime %></strong> (சிங்கப்பூர் நேரம்).',
  prepareTitle: 'தயாராவதற்கு:',
  fasting: 'இரத்தப் பரிசோதனைக்கு முன் 8-10 மணி நேரம் உண்ணாமல் இருங்கள் (வெறும் தண்ணீர் குடிக்கலாம்).',
  bringId: 'உங்கள் NRIC / அடையாள அட்டையையும் குறிப்பு எண்ணையும் கொண்டு வாருங்கள்.',
  arriveEarly: '15 நிமிடங்கள் முன்னதாக வாருங்கள்.',
  smsOptOut: 'இந்த முன்பதிவுக்கான SMS நினைவூட்டல்களை நிறுத்து',
  package: 'தொகுப்பு',
  seats: 'இடங்கள்',
  waitlistJoinedSubject: '<%= eventName %> க்கான காத்திருப்புப் பட்டியலில் நீங்கள் உள்ளீர்கள்',
  waitlistJoined:
    '<strong><%= eventName %></strong> க்கான காத்திருப்புப் பட்டியலில் <strong><%= waitlistPosition %></strong> ஆம் இடத்தில் உள்ளீர்கள். இடங்கள் காலியானால், அவற்றை உங்களுக்காக ஒதுக்கி, முன்பதிவு இணைப்பை மின்னஞ்சலில் அனுப்புவோம்.',
  seeEntry: 'பட்டியலில் உங்கள் இடத்தை எப்போது வேண்டுமானாலும் பார்க்கலாம்.',
  yourEntry: 'எனது காத்திருப்புப் பதிவு',
  leaveQuestion: 'இனி ஆர்வம் இல்லையா?',
  leave: 'காத்திருப்புப் பட்டியலிலிருந்து விலகு',
  waitlistOfferSubject: 'உங்களுக்காக இடங்கள் ஒதுக்கப்பட்டுள்ளன: <%= eventName %>, <%= timeslotDate %>',
  waitlistOffer:
    'நல்ல செய்தி: <strong><%= eventName %></strong> க்கு <strong><%= timeslotDate %>, <%= timeslotTime %></strong> அன்று இடங்கள் உள்ளன. <strong><%= offerExpiresAt %></strong> (சிங்கப்பூர் நேரம்) வரை உங்களுக்காக ஒதுக்கியுள்ளோம்.',
  completeBefore: 'அதற்கு முன் முன்பதிவை முடிக்கவும்; அதன் பிறகு இடங்கள் பட்டியலில் அடுத்தவருக்குச் செல்லும்.',
  completeBooking: 'எனது முன்பதிவை முடி',
  waitlistExpiredSubject: '<%= eventName %> க்கான உங்கள் காத்திருப்புச் சலுகை காலாவதியானது',
  waitlistExpired:
    '<strong><%= eventName %></strong> க்கு <%= timeslotDate %>, <%= timeslotTime %> அன்று உங்களுக்காக ஒதுக்கிய இடங்கள் உரிய நேரத்தில் முன்பதிவு செய்யப்படவில்லை; அவை அடுத்தவருக்குச் சென்றன. நீங்கள் இனி காத்திருப்புப் பட்டியலில் இல்லை.',
  waitlistLeftSubject: '<%= eventName %> க்கான காத்திருப்புப் பட்டியலிலிருந்து விலகினீர்கள்',
  waitlistLeft: 'நீங்கள் இனி <strong><%= eventName %></strong> க்கான காத்திருப்புப் பட்டியலில் இல்லை.',
  bookOrJoinAgain: 'நீங்கள் இன்னும் கலந்துகொள்ள விரும்பினால், மீண்டும் முன்பதிவு செய்யவும் அல்லது காத்திருப்புப் பட்டியலில் சேரவும்.',
  bookingSite: 'முன்பதிவுத் தளத்திற்குச் செல்',
};
