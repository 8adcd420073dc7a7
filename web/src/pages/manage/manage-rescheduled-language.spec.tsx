import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { toaster } from '../../components/ui/toaster';
import { setLanguage } from '../../i18n';
import zh from '../../i18n/locales/zh.json';
import { mockApi, renderApp, TIMESLOTS } from '../../public/test-utils';

afterEach(async () => {
  toaster.remove();
  await act(() => setLanguage('en'));
});

const REFERENCE = 'HS2612-0001-0002';
const TOKEN = '1798761600.abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';
const REG = {
  id: 7,
  referenceNumber: REFERENCE,
  status: 'paid',
  firstName: 'Mei',
  lastName: 'Tan',
  email: 'mei@example.com',
  eventId: 1,
  timeslotId: 21,
  region: 'central',
  eventName: 'Community Health Screening',
  packageName: 'Basic Health Screening',
  packagePrice: '128.00',
  timeslotDate: '2026-12-04',
  timeslotTime: '9:00 AM',
  location: 'Toa Payoh',
  cancellationRefund: { kind: 'automatic', amount: '139.52' },
};
// the api's labels are English whatever the page's language
const MOVED = {
  success: true,
  data: {
    referenceNumber: REFERENCE,
    timeslotId: 11,
    date: '2026-12-01',
    time: '09:00',
    label: '9:00 AM',
    dateLabel: 'Tuesday, 1 December 2026',
    position: '42',
  },
};

describe('a rescheduled appointment in the visitor’s language (issue 46)', () => {
  it('the toast and the done card say the new day and time in Chinese, not the api’s English labels', async () => {
    mockApi({
      [`POST /api/registrations/${REFERENCE}/manage`]: { success: true, data: REG },
      [`POST /api/registrations/${REFERENCE}/reschedule`]: MOVED,
      'GET /api/timeslots/postal-code': TIMESLOTS,
    });
    await act(() => setLanguage('zh'));
    const user = userEvent.setup();
    renderApp(`/manage-appointment?ref=${REFERENCE}&token=${TOKEN}`);
    await screen.findByRole('heading', { name: zh.manage.details });
    await user.click(screen.getByRole('button', { name: zh.manage.reschedule }));
    await user.click(await screen.findByRole('radio', { name: /2026年12月1日/ }));
    await user.click(screen.getByRole('radio', { name: /9:00 AM/ }));
    await user.click(screen.getByRole('button', { name: zh.reschedule.continue }));
    await screen.findByRole('heading', { name: zh.reschedule.confirmTitle });
    await user.click(screen.getByRole('button', { name: zh.reschedule.move }));

    await screen.findByRole('heading', { name: zh.manage.rescheduledTitle });
    const card = screen.getByTestId('rescheduled-to');
    expect(card.textContent).toBe(`您的预约 ${REFERENCE} 已改至 2026年12月1日 星期二 上午9:00。`);
    expect([...card.querySelectorAll('strong')].map((s) => s.textContent)).toEqual([
      REFERENCE,
      '2026年12月1日 星期二',
      '上午9:00',
    ]);
    expect(await screen.findByText('您的预约已改至 2026年12月1日 星期二 上午9:00。')).toBeTruthy();
    expect(screen.getAllByText(zh.manage.rescheduledToastTitle).length).toBeGreaterThan(0);
    expect(document.body.textContent).not.toContain('Your appointment');
    expect(document.body.textContent).not.toContain('Tuesday, 1 December 2026');
  });
});
