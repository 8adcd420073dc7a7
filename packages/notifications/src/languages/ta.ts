import { buildEmails } from './build';

/** தமிழ் booking emails (translator: edit the words; the variables in <%= %> stay as they are). */
export const TA_EMAILS = buildEmails({
  dear: 'அன்புள்ள <%= firstName %> <%= lastName %>,',
  referenceNumber: 'குறிப்பு எண்',
  event: 'நிகழ்வு',
  dateTime: 'தேதியும் நேரமும்',
  location: 'இடம்',
  package: 'தொகுப்பு',
  attendees: 'பங்கேற்பாளர்கள்',
  notes:
    '15 நிமிடங்கள் முன்னதாக வரவும்; உங்கள் அடையாள அட்டையையும் (NRIC) குறிப்பு எண்ணையும் கொண்டு வரவும்; இரத்தப் பரிசோதனைக்கு முன் 8-10 மணி நேரம் உண்ணாமல் இருக்கவும்.',
  manage: 'சந்திப்பை நிர்வகி (நேரம் மாற்ற அல்லது ரத்துசெய்ய)',
  confirmationSubject: 'உங்கள் சுகாதாரப் பரிசோதனை உறுதிசெய்யப்பட்டது: <%= referenceNumber %>',
  confirmed: 'உங்கள் சுகாதாரப் பரிசோதனைச் சந்திப்பு உறுதிசெய்யப்பட்டது.',
  rescheduleAhead: 'நேரத்தை மாற்ற அல்லது ரத்துசெய்ய வேண்டுமெனில், குறைந்தது 24 மணி நேரத்திற்கு முன் செய்யவும்.',
  pdfAttached: 'உங்கள் உறுதிப்படுத்தல் PDF ஆக இணைக்கப்பட்டுள்ளது.',
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
  nothingCharged: 'எந்தக் கட்டணமும் வசூலிக்கப்படவில்லை. நீங்கள் இன்னும் கலந்துகொள்ள விரும்பினால், மீண்டும் முன்பதிவு செய்யவும்:',
  refundSubject: '<%= referenceNumber %> க்கான <%= refundAmount %> பணம் திருப்பியளிப்பு',
  refunded:
    'உங்கள் முன்பதிவு <strong><%= referenceNumber %></strong> க்கு <strong><%= refundAmount %></strong> திருப்பியளித்துள்ளோம்.',
  creditNote: 'வரவுக் குறிப்பு',
  date: 'தேதி',
  originalInvoice: 'மூல விலைப்பட்டியல்',
  amountRefunded: 'திருப்பியளித்த தொகை',
  inclGst: 'GST உட்பட',
  reason: 'காரணம்',
  totalRefunded: 'மொத்தம் திருப்பியளித்தது',
  backToCard: 'பணம் நீங்கள் செலுத்திய அட்டைக்கே திரும்பும்; உங்கள் வங்கி அதைக் காட்ட 5-10 வேலை நாட்கள் ஆகலாம்.',
  creditNoteAttached: 'வரவுக் குறிப்பு PDF ஆக இணைக்கப்பட்டுள்ளது.',
});
