import type { Translation } from './words';

/** Bahasa Melayu emails (translator: edit the words; the variables in <%= %> stay as they are). */
export const MS_WORDS: Translation = {
  dear: '<%= greetingName %> yang dihormati,',
  referenceNumber: 'Nombor rujukan',
  event: 'Acara',
  dateTime: 'Tarikh dan masa',
  location: 'Lokasi',
  openMap: 'Buka dalam peta',
  attendees: 'Peserta',
  totalInclGst: 'Jumlah (termasuk GST 9%)',
  discounts: 'Diskaun',
  gst: 'GST 9%',
  paidViaPartner: 'Dibayar melalui rakan kongsi',
  paid: 'Dibayar',
  balanceDue: 'Baki perlu dibayar',
  notes:
    'Sila tiba 15 minit lebih awal, bawa kad pengenalan (NRIC) dan nombor rujukan anda, dan berpuasa selama 8-10 jam sebelum ujian darah anda.',
  manage: 'Urus tempahan saya',
  manageHint: 'Tukar tarikh atau batalkan janji temu anda pada bila-bila masa sehingga 24 jam sebelumnya.',
  contactUs: 'Ada soalan? Hubungi <%= companyName %>:',
  sentBy: 'E-mel ini dihantar oleh <%= companyName %> mengenai janji temu anda.',
  confirmationSubject: 'Saringan kesihatan anda telah disahkan: <%= referenceNumber %>',
  confirmed: 'Janji temu saringan kesihatan anda telah disahkan.',
  confirmationAttached:
    'Pengesahan tempahan anda dilampirkan sebagai PDF, bersama jemputan kalendar (appointment.ics).',
  checkInTitle: 'Kod daftar masuk anda',
  checkInHint:
    'Tunjukkan kod ini di kaunter hadapan pada hari tersebut. Satu kod mendaftar masuk seluruh kumpulan anda.',
  receiptSubject: 'Bayaran diterima untuk <%= referenceNumber %>: invois cukai <%= invoiceNumber %>',
  thanks: 'Terima kasih atas bayaran anda.',
  amountPaid: 'Jumlah dibayar',
  paymentMethod: 'Kaedah pembayaran',
  transactionId: 'ID transaksi',
  paidOn: 'Dibayar pada',
  invoiceAttached: 'Invois cukai anda <strong><%= invoiceNumber %></strong> dilampirkan sebagai PDF.',
  invoiceSubject: 'Invois <%= invoiceNumber %> untuk <%= referenceNumber %>',
  invoiceIntro:
    'Sila lihat invois anda <strong><%= invoiceNumber %></strong> bertarikh <%= invoiceDate %> di bawah dan dalam lampiran.',
  subtotal: 'Subjumlah',
  total: 'Jumlah',
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
  nothingCharged: 'Tiada caj dikenakan. Jika anda masih ingin hadir, sila tempah semula.',
  bookAgain: 'Tempah semula',
  refundSubject: 'Bayaran balik <%= refundAmount %> untuk <%= referenceNumber %>',
  refunded:
    'Kami telah membayar balik <strong><%= refundAmount %></strong> untuk tempahan anda <strong><%= referenceNumber %></strong>.',
  creditNote: 'Nota kredit',
  date: 'Tarikh',
  originalInvoice: 'Invois cukai',
  amountRefunded: 'Jumlah dibayar balik',
  inclGst: 'termasuk GST',
  reason: 'Sebab',
  totalRefunded: 'Jumlah keseluruhan dibayar balik',
  backToCard:
    'Wang akan dikembalikan ke kad yang anda gunakan; bank anda mungkin mengambil 5-10 hari bekerja untuk menunjukkannya.',
  creditNoteAttached:
    'Nota kredit <strong><%= creditNoteNumber %></strong> bagi invois cukai <strong><%= invoiceNumber %></strong> dilampirkan sebagai PDF.',
  reminderSubject:
    'Peringatan: saringan kesihatan anda pada <%= timeslotDate %>, <%= timeslotTime %> (<%= referenceNumber %>)',
  reminderIntro:
    'Ini ialah peringatan janji temu saringan kesihatan anda pada <strong><%= timeslotDate %>, <%= timeslotTime %></strong> (waktu Singapura).',
  prepareTitle: 'Sila bersedia:',
  fasting: 'Berpuasa selama 8-10 jam sebelum ujian darah (air kosong dibenarkan).',
  bringId: 'Bawa NRIC / kad pengenalan dan nombor rujukan anda.',
  arriveEarly: 'Tiba 15 minit lebih awal.',
  smsOptOut: 'Berhenti menerima peringatan SMS bagi tempahan ini',
  package: 'Pakej',
  seats: 'Tempat',
  waitlistJoinedSubject: 'Anda dalam senarai menunggu untuk <%= eventName %>',
  waitlistJoined:
    'Anda dalam senarai menunggu untuk <strong><%= eventName %></strong>, di kedudukan <strong><%= waitlistPosition %></strong>. Apabila ada tempat kosong, kami akan menyimpannya untuk anda dan menghantar pautan tempahan melalui e-mel.',
  seeEntry: 'Anda boleh melihat kedudukan anda dalam senarai pada bila-bila masa.',
  yourEntry: 'Penyertaan senarai menunggu saya',
  leaveQuestion: 'Tidak berminat lagi?',
  leave: 'Keluar dari senarai menunggu',
  waitlistOfferSubject: 'Tempat disimpan untuk anda: <%= eventName %> pada <%= timeslotDate %>',
  waitlistOffer:
    'Berita baik: ada tempat kosong untuk <strong><%= eventName %></strong> pada <strong><%= timeslotDate %>, <%= timeslotTime %></strong>. Kami menyimpannya untuk anda sehingga <strong><%= offerExpiresAt %></strong> (waktu Singapura).',
  completeBefore:
    'Lengkapkan tempahan anda sebelum itu; selepas itu tempat akan diberikan kepada orang seterusnya.',
  completeBooking: 'Lengkapkan tempahan saya',
  waitlistExpiredSubject: 'Tawaran senarai menunggu anda untuk <%= eventName %> telah tamat',
  waitlistExpired:
    'Tempat yang kami simpan untuk anda bagi <strong><%= eventName %></strong> pada <%= timeslotDate %>, <%= timeslotTime %> tidak ditempah tepat pada masanya, jadi tawaran telah luput dan diberikan kepada orang seterusnya. Anda tidak lagi dalam senarai menunggu.',
  waitlistLeftSubject: 'Anda telah keluar dari senarai menunggu untuk <%= eventName %>',
  waitlistLeft: 'Anda tidak lagi dalam senarai menunggu untuk <strong><%= eventName %></strong>.',
  bookOrJoinAgain: 'Jika anda masih ingin hadir, sila tempah atau sertai senarai menunggu semula.',
  bookingSite: 'Pergi ke laman tempahan',
};
