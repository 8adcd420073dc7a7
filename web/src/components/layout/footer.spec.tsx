import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubApi } from '../../admin/test/helpers';
import { Footer } from './footer';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the footer's clinic contact details (issue 46)", () => {
  it('shows the name, address, and the phone and email as links', async () => {
    stubApi({
      'GET /api/company-contact': {
        success: true,
        data: {
          name: 'Demo Health Screening Pte Ltd',
          address: '1 Demo Road, Singapore 000001',
          phone: '+65 6123 4567',
          email: 'hello@clinic.example.sg',
        },
      },
    });
    renderWithProviders(<Footer />);
    const contact = await screen.findByRole('group', { name: 'Contact the clinic' });
    expect(within(contact).getByText('Demo Health Screening Pte Ltd')).toBeTruthy();
    expect(within(contact).getByText('1 Demo Road, Singapore 000001')).toBeTruthy();
    expect(within(contact).getByRole('link', { name: 'Phone: +65 6123 4567' }).getAttribute('href')).toBe(
      'tel:+6561234567',
    );
    expect(
      within(contact).getByRole('link', { name: 'Email: hello@clinic.example.sg' }).getAttribute('href'),
    ).toBe('mailto:hello@clinic.example.sg');
  });

  it('goes without them when none are set or they cannot be loaded', async () => {
    const fetchMock = stubApi({});
    renderWithProviders(<Footer />);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByRole('group', { name: 'Contact the clinic' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Privacy notice' })).toBeTruthy();
  });
});
