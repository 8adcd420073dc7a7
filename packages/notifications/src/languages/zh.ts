import { buildEmails } from './build';

/** 简体中文 booking emails (translator: edit the words; the variables in <%= %> stay as they are). */
export const ZH_EMAILS = buildEmails({
  dear: '<%= lastName %><%= firstName %>，您好：',
  referenceNumber: '参考编号',
  event: '活动',
  dateTime: '日期和时间',
  location: '地点',
  package: '配套',
  attendees: '参加者',
  notes: '请提前15分钟到达，携带身份证（NRIC）和参考编号，并在验血前禁食8至10小时。',
  manage: '管理预约（改期或取消）',
  confirmationSubject: '您的健康检查预约已确认：<%= referenceNumber %>',
  confirmed: '您的健康检查预约已确认。',
  rescheduleAhead: '如需改期或取消，请至少提前24小时办理。',
  pdfAttached: '预约确认书已作为 PDF 附上。',
  rescheduledSubject: '您的健康检查 <%= referenceNumber %> 已改至 <%= timeslotDate %>，<%= timeslotTime %>',
  moved:
    '您的健康检查预约 <strong><%= referenceNumber %></strong> 已从 <%= previousTimeslotDate %>，<%= previousTimeslotTime %> 改至 <strong><%= timeslotDate %>，<%= timeslotTime %></strong>。',
  icsUpdates: '附上的日历邀请（appointment.ics）会更新您日历中的预约。您的配套、参加者和付款都不变。',
  cancellationSubject: '您的健康检查预约 <%= referenceNumber %> 已取消',
  cancelled: '您的健康检查预约 <strong><%= referenceNumber %></strong> 已取消。',
  bookAgainContact: '如果这不是您本人的操作，或您想重新预约，请访问我们的预约网站或联系我们。',
  expirySubject: '您的预留 <%= referenceNumber %> 已过期',
  expired:
    '您的预留 <strong><%= referenceNumber %></strong> 的付款期限为 <%= expiredAt %>。由于未能及时收到付款，预留已过期，名额已释放。',
  nothingCharged: '我们没有收取任何费用。如果您仍想参加，请重新预约：',
  refundSubject: '<%= referenceNumber %> 的退款 <%= refundAmount %>',
  refunded:
    '我们已为您的预约 <strong><%= referenceNumber %></strong> 退款 <strong><%= refundAmount %></strong>。',
  creditNote: '贷项通知单',
  date: '日期',
  originalInvoice: '原发票',
  amountRefunded: '退款金额',
  inclGst: '含消费税',
  reason: '原因',
  totalRefunded: '退款总额',
  backToCard: '款项会退回您付款时使用的银行卡；银行可能需要5至10个工作日才会显示。',
  creditNoteAttached: '贷项通知单已作为 PDF 附上。',
});
