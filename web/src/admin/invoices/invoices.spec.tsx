import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toaster } from '../../components/ui/toaster';
import { bodyOf, renderWithProviders, stubApi } from '../test/helpers';
import { CompanySettingsCard, NO_GST_EXPLANATION } from './company-settings-card';
import { OrderInvoices } from './order-invoices';

afterEach(() => {
  toaster.remove();
  vi.unstubAllGlobals();
});

const saved = {
  companyName: 'Demo Clinic Pte Ltd',
  address: '1 Demo Street, Singapore 123456',
  uen: '201912345K',
  gstRegistrationNumber: '',
  invoicePrefix: 'HS',
  gstRegistered: false,
};

describe('company settings (issue 25)', () => {
  it('says why documents are plain invoices without a GST number, refuses a bad UEN, and saves with PUT', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/company-settings': { success: true, data: saved },
      'PUT /api/admin/company-settings': (init) => {
        const body = JSON.parse(String(init.body));
        return Response.json({
          success: true,
          data: { ...body, gstRegistered: body.gstRegistrationNumber !== '' },
        });
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<CompanySettingsCard />);
    expect(await screen.findByText(`${NO_GST_EXPLANATION}.`)).toBeTruthy();

    const uen = screen.getByLabelText(/^UEN/);
    await user.clear(uen);
    await user.type(uen, 'nope');
    await user.click(screen.getByRole('button', { name: 'Save Company Settings' }));
    expect(await screen.findByText(/^UEN must look like/)).toBeTruthy();
    expect(bodyOf(fetchMock, 'PUT', '/api/admin/company-settings')).toBeUndefined();

    await user.clear(uen);
    await user.type(uen, '201912345K');
    await user.type(screen.getByLabelText(/^GST registration number/), 'm90000000a');
    expect(screen.queryByText(`${NO_GST_EXPLANATION}.`)).toBeNull();
    // issue 46: the clinic's contact details, checked before saving
    const phone = screen.getByLabelText(/^Contact phone/);
    await user.type(phone, '1234');
    await user.click(screen.getByRole('button', { name: 'Save Company Settings' }));
    expect(await screen.findByText(/^Contact phone must be a Singapore number/)).toBeTruthy();
    expect(bodyOf(fetchMock, 'PUT', '/api/admin/company-settings')).toBeUndefined();
    await user.clear(phone);
    await user.type(phone, '+65 6123 4567');
    await user.type(screen.getByLabelText(/^Contact email/), 'Hello@Clinic.sg');
    await user.click(screen.getByRole('button', { name: 'Save Company Settings' }));
    expect(await screen.findByText('Company settings saved')).toBeTruthy();
    expect(bodyOf(fetchMock, 'PUT', '/api/admin/company-settings')).toEqual({
      companyName: saved.companyName,
      address: saved.address,
      uen: '201912345K',
      gstRegistrationNumber: 'M90000000A',
      invoicePrefix: 'HS',
      contactPhone: '+65 6123 4567',
      contactEmail: 'hello@clinic.sg',
    });
  });
});

describe("an order's invoices (issue 25)", () => {
  it('lists the issued invoice and credit note with a download button each', async () => {
    stubApi({
      'GET /api/admin/registrations/7/invoices': {
        success: true,
        data: [
          {
            number: 'HS-2026-000001',
            kind: 'invoice',
            title: 'Tax Invoice',
            issuedAt: '2026-03-02T02:00:00.000Z',
            total: '139.52',
            gst: '11.52',
            originalInvoiceNumber: null,
            refundId: null,
          },
          {
            number: 'HS-CN-2026-000001',
            kind: 'credit-note',
            title: 'Credit Note',
            issuedAt: '2026-03-03T02:00:00.000Z',
            total: '50.00',
            gst: '4.13',
            originalInvoiceNumber: 'HS-2026-000001',
            refundId: 'r1',
          },
        ],
      },
    });
    renderWithProviders(<OrderInvoices orderId={7} />);
    expect(await screen.findByText('HS-CN-2026-000001')).toBeTruthy();
    expect(screen.getByText('Tax Invoice')).toBeTruthy();
    expect(screen.getByText('Against invoice HS-2026-000001')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download HS-2026-000001 (PDF)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download HS-CN-2026-000001 (PDF)' })).toBeTruthy();
  });

  it('says when the order has no invoice yet', async () => {
    stubApi({ 'GET /api/admin/registrations/8/invoices': { success: true, data: [] } });
    renderWithProviders(<OrderInvoices orderId={8} />);
    expect(await screen.findByText(/No invoice yet/)).toBeTruthy();
  });
});
