import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { toaster } from '../../components/ui/toaster';
import { setLanguage } from '../../i18n';
import zh from '../../i18n/locales/zh.json';
import { renderApp } from '../../public/test-utils';
import { MOVED, mockManage, REFERENCE, REG, RESCHEDULE_PATH, TOKEN } from './manage-fixtures';

afterEach(async () => {
  toaster.remove();
  await act(() => setLanguage('en'));
});

describe('a rescheduled appointment in the visitor’s language (issue 46)', () => {
  it('the toast and the done card say the new day and time in Chinese, not the api’s English labels', async () => {
    mockManage(REG, { [`POST ${RESCHEDULE_PATH}`]: MOVED });
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
