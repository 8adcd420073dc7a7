import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toaster } from '../../components/ui/toaster';
import { bodyOf, renderWithProviders, stubApi } from '../test/helpers';
import { PRIVACY_NOTICE_MAX, PrivacyNoticeCard, privacyNoticeProblem } from './privacy-notice-card';

afterEach(() => {
  toaster.remove();
  vi.unstubAllGlobals();
});

describe('back office: privacy notice editor (issue 24)', () => {
  it('refuses an empty or too long text', () => {
    expect(privacyNoticeProblem('  \n ')).toBe('The privacy notice cannot be empty.');
    expect(privacyNoticeProblem('x'.repeat(PRIVACY_NOTICE_MAX + 1))).toMatch(/under 20,000 characters/);
    expect(privacyNoticeProblem('Why we ask for your NRIC.')).toBeNull();
  });

  it('shows the notice in force with its version, and saves a change with PUT', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/privacy-notice': {
        success: true,
        data: { text: 'Default notice.', version: 1, updatedAt: null },
      },
      'PUT /api/admin/privacy-notice': (init) =>
        Response.json({
          success: true,
          data: {
            text: JSON.parse(String(init.body)).text,
            version: 2,
            updatedAt: '2026-11-25T03:00:00.000Z',
          },
        }),
    });
    const user = userEvent.setup();
    renderWithProviders(<PrivacyNoticeCard />);
    const area = (await screen.findByLabelText(/Notice text/)) as HTMLTextAreaElement;
    expect(area.value).toBe('Default notice.');
    expect(screen.getByText(/Version 1 \(the built-in default\)/)).toBeTruthy();

    await user.clear(area);
    await user.click(screen.getByRole('button', { name: 'Save Privacy Notice' }));
    expect(await screen.findByText('The privacy notice cannot be empty.')).toBeTruthy();
    expect(bodyOf(fetchMock, 'PUT', '/api/admin/privacy-notice')).toBeUndefined();

    await user.type(area, 'Our own notice.');
    await user.click(screen.getByRole('button', { name: 'Save Privacy Notice' }));
    expect(await screen.findByText('Privacy notice saved')).toBeTruthy();
    expect(screen.getByText('Bookings from now on record consent to version 2.')).toBeTruthy();
    expect(bodyOf(fetchMock, 'PUT', '/api/admin/privacy-notice')).toEqual({ text: 'Our own notice.' });
    expect(await screen.findByText(/^Version 2, changed/)).toBeTruthy();
  });
});
