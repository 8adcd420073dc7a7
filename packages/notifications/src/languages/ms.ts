import { buildEmails } from './build';

/** Bahasa Melayu booking emails (translator: edit the words; the variables in <%= %> stay as they are). */
export const MS_EMAILS = buildEmails({
  dear: '<%= firstName %> <%= lastName %> yang dihormati,',
  referenceNumber: 'Nombor rujukan',
  event: 'Acara',
  dateTime: 'Tarikh dan masa',
  location: 'Lokasi',
  package: 'Pakej',
  attendees: 'Peserta',
  notes:
    'Sila tiba 15 minit lebih awal, bawa kad pengenalan (NRIC) dan nombor rujukan anda, dan berpuasa selama 8-10 jam sebelum ujian darah anda.',
  manage: 'Urus janji temu (tukar tarikh atau batal)',
  confirmationSubject: 'Saringan kesihatan anda telah disahkan: <%= referenceNumber %>',
  confirmed: 'Janji temu saringan kesihatan anda telah disahkan.',
  rescheduleAhead:
    'Jika anda perlu menukar tarikh atau membatalkan, sila lakukannya sekurang-kurangnya 24 jam lebih awal.',
  pdfAttached: 'Pengesahan anda dilampirkan sebagai PDF.',
  rescheduledSubject:
    'Saringan kesihatan anda <%= referenceNumber %> kini pada <%= timeslotDate %>, <%= timeslotTime %>',
  moved:
    'Janji temu saringan kesihatan anda <strong><%= referenceNumber %></strong> telah dipindahkan dari <%= previousTimeslotDate %>, <%= previousTimeslotTime %> ke <strong><%= timeslotDate %>, <%= timeslotTime %></strong>.',
  icsUpdates:
    'Jemputan kalendar yang dilampirkan (appointment.ics) mengemas kini janji temu dalam kalendar anda. Pakej, peserta dan bayaran anda tidak berubah.',
  cancellationSubject: 'Janji temu saringan kesihatan anda <%= referenceNumber %> telah dibatalkan',
  cancelled: 'Janji temu saringan kesihatan anda <strong><%= referenceNumber %></strong> telah dibatalkan.',
  bookAgainContact:
    'Jika ini bukan anda, atau anda ingin menempah semula, sila lawati laman tempahan kami atau hubungi kami.',
  expirySubject: 'Tempahan anda <%= referenceNumber %> telah tamat tempoh',
  expired:
    'Tempahan anda <strong><%= referenceNumber %></strong> disimpan untuk pembayaran sehingga <%= expiredAt %>. Tiada bayaran diterima tepat pada masanya, jadi tempahan telah tamat tempoh dan tempatnya telah dilepaskan.',
  nothingCharged: 'Tiada caj dikenakan. Jika anda masih ingin hadir, sila tempah semula:',
  refundSubject: 'Bayaran balik <%= refundAmount %> untuk <%= referenceNumber %>',
  refunded:
    'Kami telah membayar balik <strong><%= refundAmount %></strong> untuk tempahan anda <strong><%= referenceNumber %></strong>.',
  creditNote: 'Nota kredit',
  date: 'Tarikh',
  originalInvoice: 'Invois asal',
  amountRefunded: 'Jumlah dibayar balik',
  inclGst: 'termasuk GST',
  reason: 'Sebab',
  totalRefunded: 'Jumlah keseluruhan dibayar balik',
  backToCard:
    'Wang akan dikembalikan ke kad yang anda gunakan; bank anda mungkin mengambil 5-10 hari bekerja untuk menunjukkannya.',
  creditNoteAttached: 'Nota kredit dilampirkan sebagai PDF.',
});
