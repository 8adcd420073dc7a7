import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderApp } from '../../public/test-utils';

const REPORT = {
  programme: {
    name: 'Acme Wellness 2026',
    companyName: 'Acme Logistics Pte Ltd',
    startsOn: '2026-01-01',
    endsOn: '2026-12-31',
  },
  generatedAt: '2026-11-30T03:00:00.000Z',
  totals: { rosterSize: 20, booked: 5, attended: 3, noShows: 1, notYetBooked: 11 },
  groups: [
    { department: 'Finance', site: 'HQ', rosterSize: 8, booked: 2, attended: 2, noShows: 0, notYetBooked: 4 },
    { department: null, site: 'Tuas', rosterSize: 12, booked: 3, attended: 1, noShows: 1, notYetBooked: 7 },
  ],
  names: [{ name: 'Tan Mei', department: 'Finance', site: 'HQ', status: 'attended' }],
};

describe('/programme-report/{token}', () => {
  it('shows the read-only report by department and site, the names allowed, and its CSV link', async () => {
    mockApi({ 'GET /api/programme-reports/tok-1': { success: true, data: REPORT } });
    renderApp('/programme-report/tok-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Wellness 2026' })).toBeTruthy();
    expect(screen.getByTestId('report-notYetBooked').textContent).toBe('11');
    const groups = screen.getByRole('table', { name: 'By department and site' });
    expect(within(groups).getByText('Tuas')).toBeTruthy();
    const names = screen.getByRole('table', { name: 'Employees who agreed to be named' });
    expect(within(names).getByText('Attended')).toBeTruthy();
    const csv = screen.getByRole('link', { name: 'Download CSV' });
    expect(csv.getAttribute('href')).toBe('/api/programme-reports/tok-1/csv');
  });

  it('says when names are not shown', async () => {
    mockApi({ 'GET /api/programme-reports/tok-2': { success: true, data: { ...REPORT, names: null } } });
    renderApp('/programme-report/tok-2');
    expect(await screen.findByText('This programme does not show names.')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Employees who agreed to be named' })).toBeNull();
  });

  it('says an expired link has expired (410)', async () => {
    mockApi({
      'GET /api/programme-reports/old': () =>
        Response.json({ success: false, message: 'This link has expired.' }, { status: 410 }),
    });
    renderApp('/programme-report/old');
    expect(await screen.findByText('This link has expired.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Link expired' })).toBeTruthy();
  });
});
