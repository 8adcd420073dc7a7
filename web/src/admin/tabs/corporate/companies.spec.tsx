import type { Company, Programme } from '@hs/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toaster } from '../../../components/ui/toaster';
import { bodyOf, renderWithProviders, stubApi } from '../../test/helpers';
import { CompaniesTab } from '../companies-tab';

afterEach(() => {
  toaster.remove();
  vi.unstubAllGlobals();
});

const ACME: Company = {
  id: 1,
  name: 'Acme Logistics Pte Ltd',
  uen: '201912345K',
  billingAddress: '1 Acme Way, Singapore 123456',
  billingEmail: 'billing@acme-logistics.sg',
  gstRegistrationNumber: null,
  poReference: null,
  isActive: true,
  programmeCount: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const PROGRAMME: Programme = {
  id: 4,
  companyId: 1,
  companyName: ACME.name,
  name: 'Acme Wellness 2026',
  code: 'acme-2026',
  link: '/c/acme-2026',
  startsOn: '2026-01-01',
  endsOn: '2026-12-31',
  eventIds: [1],
  packageIds: [2],
  bookingCap: 50,
  entitlement: 1,
  emailDomains: ['acme-logistics.sg'],
  useRoster: true,
  paymentRule: 'company_pays_all',
  amount: null,
  hrSeesNames: true,
  isActive: true,
  closedAt: null,
  rosterSize: 2,
  bookingsHeld: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const REPORT = {
  programme: { name: PROGRAMME.name, companyName: ACME.name, startsOn: '2026-01-01', endsOn: '2026-12-31' },
  generatedAt: '2026-11-30T03:00:00.000Z',
  totals: { rosterSize: 2, booked: 1, attended: 0, noShows: 0, notYetBooked: 1 },
  groups: [
    { department: 'Finance', site: 'HQ', rosterSize: 1, booked: 1, attended: 0, noShows: 0, notYetBooked: 0 },
    { department: 'Ops', site: null, rosterSize: 1, booked: 0, attended: 0, noShows: 0, notYetBooked: 1 },
  ],
  names: [{ name: 'Tan Mei', department: 'Finance', site: 'HQ', status: 'booked' }],
};

const ok = (data: unknown) => ({ success: true, data });

function corporateApi(overrides: Record<string, unknown> = {}) {
  return stubApi({
    'GET /api/admin/companies': ok([ACME]),
    'POST /api/admin/companies': ok({ ...ACME, id: 2, name: 'Beta Pte Ltd' }),
    'PUT /api/admin/companies/1': ok({ ...ACME, isActive: false }),
    'GET /api/admin/programmes': ok([
      PROGRAMME,
      { ...PROGRAMME, id: 9, companyId: 3, name: 'Other company' },
    ]),
    'POST /api/admin/programmes': ok({ ...PROGRAMME, id: 5 }),
    'GET /api/admin/events': ok([{ id: 1, name: 'Corporate Wellness Day' }]),
    'GET /api/admin/packages': ok([
      { id: 1, name: 'Basic', price: '128.00' },
      { id: 2, name: 'Comprehensive', price: '268.00' },
    ]),
    'GET /api/admin/programmes/4/roster': ok([
      {
        employeeId: 'E1',
        name: 'Tan Mei',
        email: 'mei@acme-logistics.sg',
        department: 'Finance',
        site: 'HQ',
      },
      { employeeId: 'E2', name: 'Lim Wei', email: 'wei@acme-logistics.sg', department: 'Ops', site: null },
    ]),
    'GET /api/admin/programmes/4/bookings': ok([
      {
        registrationId: 8,
        referenceNumber: 'HS2612-1111-2222',
        employeeId: 'E1',
        name: 'Tan Mei',
        status: 'confirmed',
        appointmentDate: '2026-12-01',
        checkedIn: false,
        noShow: false,
        companyPays: '292.12',
        employeePays: '0.00',
        bookedAt: '2026-11-30T02:00:00.000Z',
      },
    ]),
    'GET /api/admin/programmes/4/report': ok(REPORT),
    'POST /api/admin/programmes/4/report-link': ok({
      message: 'Sent',
      expiresAt: '2026-12-14T03:00:00.000Z',
    }),
    'POST /api/admin/programmes/4/close': ok({ ...PROGRAMME, closedAt: '2026-11-30T03:00:00.000Z' }),
    ...overrides,
  });
}

const user = () => userEvent.setup();

async function menu(ui: ReturnType<typeof user>, name: string, item: string) {
  await ui.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
  const entry = await screen.findByRole('menuitem', { name: item });
  // the keyboard's way: arrow down to the item, Enter
  for (let i = 0; i < 8 && !entry.hasAttribute('data-highlighted'); i++) await ui.keyboard('{ArrowDown}');
  expect(entry.hasAttribute('data-highlighted')).toBe(true);
  await ui.keyboard('{Enter}');
}

describe('Companies tab', { timeout: 20_000 }, () => {
  it('lists companies, creates one (the field messages first), and deactivates one', async () => {
    const fetchMock = corporateApi();
    const ui = user();
    renderWithProviders(<CompaniesTab />);
    const table = await screen.findByRole('table', { name: 'Companies' });
    expect(within(table).getByText('Acme Logistics Pte Ltd')).toBeTruthy();
    expect(within(table).getByText('201912345K')).toBeTruthy();

    await ui.click(screen.getByRole('button', { name: 'Add Company' }));
    await ui.click(await screen.findByRole('button', { name: 'Create Company' }));
    expect(screen.getByText('Name is required')).toBeTruthy();
    expect(screen.getByText('UEN must be a Singapore UEN, e.g. 201912345K')).toBeTruthy();
    await ui.type(screen.getByLabelText(/^Name/), 'Beta Pte Ltd');
    await ui.type(screen.getByLabelText(/^UEN/), '202012345a');
    await ui.type(screen.getByLabelText(/^Billing address/), '2 Beta Road');
    await ui.type(screen.getByLabelText(/^Billing email/), 'AP@Beta.sg');
    await ui.click(screen.getByRole('button', { name: 'Create Company' }));
    expect(await screen.findByText('Company created')).toBeTruthy();
    expect(bodyOf(fetchMock, 'POST', '/api/admin/companies')).toEqual({
      name: 'Beta Pte Ltd',
      uen: '202012345A',
      billingAddress: '2 Beta Road',
      billingEmail: 'ap@beta.sg',
      gstRegistrationNumber: null,
      poReference: null,
      isActive: true,
    });

    await menu(ui, 'Acme Logistics Pte Ltd', 'Deactivate');
    expect(await screen.findByText('Company deactivated')).toBeTruthy();
    expect(bodyOf(fetchMock, 'PUT', '/api/admin/companies/1')).toMatchObject({
      isActive: false,
      uen: '201912345K',
    });
  });

  it("shows a company's programmes with their link, and creates one", async () => {
    const fetchMock = corporateApi();
    const ui = user();
    const writeText = vi.fn(async (_text: string) => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithProviders(<CompaniesTab />);
    await menu(ui, 'Acme Logistics Pte Ltd', 'Programmes');
    const table = await screen.findByRole('table', { name: 'Programmes of Acme Logistics Pte Ltd' });
    expect(within(table).getByText('Acme Wellness 2026')).toBeTruthy();
    expect(within(table).queryByText('Other company')).toBeNull();
    expect(within(table).getByText('/c/acme-2026')).toBeTruthy();
    expect(within(table).getByText('1 / 50')).toBeTruthy();
    await ui.click(within(table).getByRole('button', { name: 'Copy the link of Acme Wellness 2026' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/c/acme-2026`);

    await ui.click(screen.getByRole('button', { name: 'Add Programme' }));
    await ui.click(await screen.findByRole('button', { name: 'Create Programme' }));
    expect(screen.getByText('Choose at least one event')).toBeTruthy();
    expect(screen.getByText('Give at least one email domain or use a roster')).toBeTruthy();
    await ui.type(screen.getByLabelText(/^Name/), 'Beta 2027');
    await ui.type(screen.getByLabelText(/^Code/), 'beta-2027');
    await ui.type(screen.getByLabelText(/^Starts on/), '2027-01-01');
    await ui.type(screen.getByLabelText(/^Ends on/), '2027-06-30');
    await ui.click(screen.getByText('Corporate Wellness Day'));
    await ui.click(screen.getByText('Comprehensive'));
    await ui.type(screen.getByLabelText(/^Email domains/), 'beta.sg, Beta.com.sg');
    await ui.selectOptions(screen.getByLabelText(/^Who pays/), 'company_pays_up_to');
    await ui.click(screen.getByRole('button', { name: 'Create Programme' }));
    expect(await screen.findByText('Amount is required for this payment rule')).toBeTruthy();
    await ui.type(screen.getByLabelText(/^Company pays up to/), '150');
    await ui.click(screen.getByRole('button', { name: 'Create Programme' }));
    expect(await screen.findByText('Programme created')).toBeTruthy();
    expect(bodyOf(fetchMock, 'POST', '/api/admin/programmes')).toEqual({
      companyId: 1,
      name: 'Beta 2027',
      code: 'beta-2027',
      startsOn: '2027-01-01',
      endsOn: '2027-06-30',
      eventIds: [1],
      packageIds: [2],
      bookingCap: null,
      entitlement: 1,
      emailDomains: ['beta.sg', 'beta.com.sg'],
      useRoster: false,
      paymentRule: 'company_pays_up_to',
      amount: '150.00',
      hrSeesNames: false,
      isActive: true,
    });
  });

  it("a programme's roster, bookings and report; the CSV, the report link and closing", async () => {
    const fetchMock = corporateApi();
    const ui = user();
    renderWithProviders(<CompaniesTab />);
    await menu(ui, 'Acme Logistics Pte Ltd', 'Programmes');
    await ui.click(await screen.findByRole('button', { name: 'Acme Wellness 2026' }));
    expect(await screen.findByRole('heading', { name: 'Acme Wellness 2026' })).toBeTruthy();
    const roster = await screen.findByRole('table', { name: 'Roster' });
    expect(within(roster).getByText('wei@acme-logistics.sg')).toBeTruthy();

    await ui.click(screen.getByRole('tab', { name: /Bookings/ }));
    const bookings = await screen.findByRole('table', { name: 'Bookings' });
    expect(within(bookings).getByText('HS2612-1111-2222')).toBeTruthy();
    expect(within(bookings).getByText('S$292.12')).toBeTruthy();

    await ui.click(screen.getByRole('tab', { name: 'Report' }));
    expect((await screen.findByTestId('report-notYetBooked')).textContent).toBe('1');
    const groups = screen.getByRole('table', { name: 'By department and site' });
    expect(within(groups).getByText('Finance')).toBeTruthy();
    const names = screen.getByRole('table', { name: 'Employees who agreed to be named' });
    expect(within(names).getByText('Tan Mei')).toBeTruthy();

    await ui.click(screen.getByRole('button', { name: 'Email report link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Email Report Link' });
    const email = within(dialog).getByLabelText(/^Email/);
    expect((email as HTMLInputElement).value).toBe('billing@acme-logistics.sg');
    await ui.clear(email);
    await ui.type(email, 'hr@acme-logistics.sg');
    await ui.clear(within(dialog).getByLabelText(/^Days the link works/));
    await ui.type(within(dialog).getByLabelText(/^Days the link works/), '7');
    await ui.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByText('Report link sent')).toBeTruthy();
    expect(bodyOf(fetchMock, 'POST', '/api/admin/programmes/4/report-link')).toEqual({
      email: 'hr@acme-logistics.sg',
      days: 7,
    });

    await ui.click(screen.getByRole('button', { name: /Acme Logistics Pte Ltd: programmes/ }));
    await menu(ui, 'Acme Wellness 2026', 'Close programme');
    const confirm = await screen.findByRole('alertdialog');
    await ui.click(within(confirm).getByRole('button', { name: 'Close programme' }));
    expect(await screen.findByText('Programme closed')).toBeTruthy();
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([u, i]) => String(u).endsWith('/programmes/4/close') && i?.method === 'POST',
        ),
      ).toBe(true),
    );
  });
});
