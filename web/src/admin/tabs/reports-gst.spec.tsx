import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDaysToDay, singaporeToday } from '@hs/domain';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { toaster } from '../../components/ui/toaster';
import { AUTH_TOKEN_KEY } from '../../lib/api';
import { renderWithProviders, stubApi } from '../test/helpers';
import { GST_REPORT_PATH, ReportsTab } from './reports-tab';

afterEach(() => {
  toaster.remove();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the Reports tab: the GST report (issue 25)', () => {
  it("downloads the GST report of the chosen range as CSV, with the staff member's token", async () => {
    const csv = 'month,taxableSales\r\n2026-11,100.00\r\n';
    const fetchMock = stubApi({
      'GET /api/admin/events': { success: true, data: [] },
      'GET /api/admin/reports/insights': { success: false, message: 'Not now' },
      [`GET ${GST_REPORT_PATH}`]: () => new Response(csv, { headers: { 'content-type': 'text/csv' } }),
    });
    const created = vi.fn((_blob: Blob) => 'blob:gst');
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = created;
    URL.revokeObjectURL = vi.fn();
    onTestFinished(() => {
      URL.createObjectURL = createObjectURL;
      URL.revokeObjectURL = revokeObjectURL;
    });
    localStorage.setItem(AUTH_TOKEN_KEY, 'token-1');
    renderWithProviders(<ReportsTab />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Download GST report (CSV)' }));

    await waitFor(() => expect(created).toHaveBeenCalledTimes(1));
    const to = singaporeToday();
    const call = fetchMock.mock.calls.find(([input]) => String(input).startsWith(GST_REPORT_PATH))!;
    expect(String(call[0])).toBe(`${GST_REPORT_PATH}?from=${addDaysToDay(to, -29)}&to=${to}&format=csv`);
    expect((call[1]!.headers as Record<string, string>).Authorization).toBe('Bearer token-1');
    expect(await created.mock.calls[0]![0].text()).toBe(csv);
  });
});
