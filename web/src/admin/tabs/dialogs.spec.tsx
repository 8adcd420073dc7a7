import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toaster } from '../../components/ui/toaster';
import { bodyOf, renderWithProviders, stubApi } from '../test/helpers';
import { ApiKeyDialog, ApiKeysTab, maskKey } from './api-keys-tab';
import { EmailConfigDialog, EmailTemplatesTab, valueInputKind } from './email-templates-tab';
import { EventDialog } from './event-dialog';
import { EventsTab } from './events-tab';
import { HolidayDialog } from './holidays-tab';
import { PackageDialog } from './packages-tab';

afterEach(() => toaster.remove());

const noop = () => {};
const packages = {
  success: true,
  data: [
    {
      id: 1,
      name: 'Basic Health Screening',
      description: null,
      price: '120.00',
      aiaPrice: null,
      isActive: true,
      createdAt: '',
      updatedAt: '',
    },
    {
      id: 2,
      name: 'Executive Health Screening',
      description: null,
      price: '480.00',
      aiaPrice: '400.00',
      isActive: true,
      createdAt: '',
      updatedAt: '',
    },
  ],
};

describe('event dialog', () => {
  it("shows the spec's messages on submit and focuses the first invalid field", async () => {
    const fetchMock = stubApi({ 'GET /api/admin/packages': packages });
    renderWithProviders(<EventDialog event={null} open onOpenChange={noop} onSaved={noop} />);
    await userEvent.type(await screen.findByLabelText(/^Name/), 'ab');
    await userEvent.clear(screen.getByLabelText(/^Slug/));
    await userEvent.type(screen.getByLabelText(/^Slug/), 'Bad Slug');
    await userEvent.click(screen.getByRole('button', { name: 'Create Event' }));
    expect(screen.getByText('Name must be at least 3 characters')).toBeTruthy();
    expect(screen.getByText('Slug can only contain lowercase letters, numbers, and hyphens')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(/^Name/));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('checks the slug length on blur', async () => {
    stubApi({ 'GET /api/admin/packages': packages });
    renderWithProviders(<EventDialog event={null} open onOpenChange={noop} onSaved={noop} />);
    const slug = await screen.findByLabelText(/^Slug/);
    await userEvent.type(slug, 'ab');
    fireEvent.blur(slug);
    expect(screen.getByText('Slug must be at least 3 characters')).toBeTruthy();
  });

  it('derives the slug from the name and sends packages and the auto timeslot config', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/packages': packages,
      'POST /api/admin/events': { success: true, data: { id: 9 } },
    });
    const onSaved = vi.fn();
    renderWithProviders(<EventDialog event={null} open onOpenChange={noop} onSaved={onSaved} />);
    await userEvent.type(await screen.findByLabelText(/^Name/), 'Annual Check-up 2026');
    expect((screen.getByLabelText(/^Slug/) as HTMLInputElement).value).toBe('annual-check-up-2026');
    await userEvent.click(await screen.findByText('Basic Health Screening'));
    await userEvent.click(screen.getByText('Executive Health Screening'));
    await userEvent.click(screen.getByLabelText(/Auto-generated/));
    await userEvent.clear(screen.getByLabelText('Number of slots'));
    await userEvent.type(screen.getByLabelText('Number of slots'), '5');
    await userEvent.click(screen.getByRole('button', { name: 'Create Event' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(bodyOf(fetchMock, 'POST', '/api/admin/events')).toEqual({
      name: 'Annual Check-up 2026',
      slug: 'annual-check-up-2026',
      description: null,
      location: null,
      isActive: true,
      packageIds: [1, 2],
      config: { configType: 'auto', numSlots: 5, bufferHours: 24, slotsPerTimeslot: 1, maxAttendees: 20 },
      // a new event starts from the default reminder schedule (issue 26)
      reminders: [
        { offsetHours: 72, channel: 'email' },
        { offsetHours: 24, channel: 'email' },
      ],
      translations: {},
      // no venue given (issue 46): none, and no region venues
      venue: null,
      regionVenues: {},
    });
    expect(await screen.findByText('Event created')).toBeTruthy();
  });

  it("toasts 'Error' / 'Failed to create event: {message}'", async () => {
    stubApi({
      'GET /api/admin/packages': packages,
      'POST /api/admin/events': () =>
        Response.json({ success: false, message: 'Slug already exists' }, { status: 409 }),
    });
    renderWithProviders(<EventDialog event={null} open onOpenChange={noop} onSaved={noop} />);
    await userEvent.type(await screen.findByLabelText(/^Name/), 'Corporate Day');
    await userEvent.click(screen.getByRole('button', { name: 'Create Event' }));
    expect(await screen.findByText('Failed to create event: Slug already exists')).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
  });
});

describe('events tab', () => {
  it('shows the empty text and the delete confirmation', async () => {
    stubApi({ 'GET /api/admin/events': { success: true, data: [] } });
    renderWithProviders(<EventsTab />);
    expect(await screen.findByText('No events found. Add one to get started.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add Event' })).toBeTruthy();
  });

  it('asks before deleting, with the event name', async () => {
    const event = {
      id: 4,
      name: 'Corporate Wellness Day',
      slug: 'corporate-wellness-day',
      description: null,
      location: 'Raffles Place',
      isActive: false,
      createdAt: '2026-01-05T02:00:00Z',
      updatedAt: '2026-01-05T02:00:00Z',
      packageIds: [],
      config: { configType: 'manual', numSlots: 10, bufferHours: 24, slotsPerTimeslot: 1, maxAttendees: 20 },
    };
    const fetchMock = stubApi({
      'GET /api/admin/events': { success: true, data: [event] },
      'DELETE /api/admin/events/4': { success: true },
    });
    renderWithProviders(<EventsTab />);
    expect(await screen.findByText('Corporate Wellness Day')).toBeTruthy();
    expect(screen.getByText('Inactive')).toBeTruthy();
    expect(screen.getByText('5 Jan 2026')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Delete Corporate Wellness Day' }));
    expect(
      await screen.findByText(
        'Are you sure you want to delete the event "Corporate Wellness Day"? This action cannot be undone.',
      ),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true),
    );
  });
});

describe('package dialog', () => {
  it("shows the spec's messages", async () => {
    stubApi({});
    renderWithProviders(<PackageDialog pkg={null} open onOpenChange={noop} onSaved={noop} />);
    await userEvent.type(await screen.findByLabelText(/^Price/), '-5');
    await userEvent.type(screen.getByLabelText(/^AIA Price/), 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Create Package' }));
    expect(screen.getByText('Name must be at least 3 characters')).toBeTruthy();
    expect(screen.getByText('Price must be a positive number')).toBeTruthy();
    expect(screen.getByText('AIA price must be a positive number')).toBeTruthy();
  });

  it('sends prices as decimal strings', async () => {
    const fetchMock = stubApi({ 'POST /api/admin/packages': { success: true, data: { id: 1 } } });
    renderWithProviders(<PackageDialog pkg={null} open onOpenChange={noop} onSaved={noop} />);
    await userEvent.type(await screen.findByLabelText(/^Name/), 'Basic Screening');
    await userEvent.type(screen.getByLabelText(/^Price/), '120.5');
    await userEvent.click(screen.getByRole('button', { name: 'Create Package' }));
    await waitFor(() =>
      expect(bodyOf(fetchMock, 'POST', '/api/admin/packages')).toEqual({
        name: 'Basic Screening',
        price: '120.50',
        aiaPrice: null,
        description: null,
        isActive: true,
        translations: {},
      }),
    );
  });

  it("sends staff's translations, only the texts given (issue 46)", async () => {
    const fetchMock = stubApi({ 'PUT /api/admin/packages/1': { success: true, data: { id: 1 } } });
    const pkg = { ...packages.data[0]!, translations: { ta: { name: 'அடிப்படை' } } };
    renderWithProviders(<PackageDialog pkg={pkg} open onOpenChange={noop} onSaved={noop} />);
    await userEvent.click(await screen.findByText(/^Translations/));
    expect((screen.getByLabelText('Tamil name') as HTMLInputElement).value).toBe('அடிப்படை');
    await userEvent.type(screen.getByLabelText('Chinese name'), '基本健康检查');
    await userEvent.type(screen.getByLabelText('Malay description'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Update Package' }));
    await waitFor(() =>
      expect(bodyOf(fetchMock, 'PUT', '/api/admin/packages/1')).toMatchObject({
        translations: { zh: { name: '基本健康检查' }, ta: { name: 'அடிப்படை' } },
      }),
    );
  });

  it('shows a too-long translation against its field and opens the translations', async () => {
    stubApi({});
    renderWithProviders(<PackageDialog pkg={null} open onOpenChange={noop} onSaved={noop} />);
    await userEvent.type(await screen.findByLabelText(/^Name/), 'Basic Screening');
    await userEvent.type(screen.getByLabelText(/^Price/), '120');
    fireEvent.change(screen.getByLabelText('Chinese name'), { target: { value: '检'.repeat(201) } });
    await userEvent.click(screen.getByRole('button', { name: 'Create Package' }));
    expect(await screen.findByText('A translated name is at most 200 characters')).toBeTruthy();
    expect(screen.getByText(/^Translations/).closest('details')?.open).toBe(true);
  });
});

describe('API key dialog and tab', () => {
  it("titles the dialog 'Generate New API Key' and checks the description", async () => {
    stubApi({});
    renderWithProviders(<ApiKeyDialog apiKey={null} open onOpenChange={noop} onSaved={noop} />);
    expect(await screen.findByText('Generate New API Key')).toBeTruthy();
    await userEvent.type(screen.getByLabelText(/^Description/), 'ab');
    await userEvent.click(screen.getByRole('button', { name: 'Generate API Key' }));
    expect(screen.getByText('Description must be at least 3 characters')).toBeTruthy();
  });

  it("titles the edit dialog 'Edit API Key'", async () => {
    stubApi({});
    const key = {
      id: 1,
      key: 'hs_abcdefg',
      description: 'Partner',
      isActive: true,
      createdBy: 'admin',
      createdAt: '2026-01-05T00:00:00Z',
      lastUsed: null,
    };
    renderWithProviders(<ApiKeyDialog apiKey={key} open onOpenChange={noop} onSaved={noop} />);
    expect(await screen.findByText('Edit API Key')).toBeTruthy();
  });

  /** A key as the list answers it: only its first 10 characters (keys are stored hashed). */
  const listedKey = {
    id: 1,
    key: 'hs_live_ab',
    description: 'WhiteCoat',
    isActive: true,
    createdBy: 'admin',
    createdAt: '2026-01-05T00:00:00Z',
    lastUsed: null,
  };
  /** The list, and a creation answering the full key once. */
  const keysApi = (list = [listedKey]) => ({
    'GET /api/admin/api-keys': { success: true, data: list },
    'POST /api/admin/api-keys': () =>
      Response.json(
        { success: true, data: { ...listedKey, id: 2, key: 'hs_live_abcdefghijklmnop' } },
        { status: 201 },
      ),
  });
  const generateKey = async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Generate API Key' }));
    await userEvent.type(await screen.findByLabelText(/^Description/), 'Clinic system');
    await userEvent.click(screen.getAllByRole('button', { name: 'Generate API Key' }).at(-1)!);
  };
  const clipboard = (writeText: (text: string) => Promise<void>) =>
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });

  it('masks keys, shows Never, and shows a new key once with copy', async () => {
    const writeText = vi.fn(async () => {});
    clipboard(writeText);
    stubApi(keysApi());
    renderWithProviders(<ApiKeysTab />);
    expect(await screen.findByText('hs_live_ab...')).toBeTruthy();
    expect(screen.getByText('Never')).toBeTruthy();
    await generateKey();
    expect(await screen.findByText('hs_live_abcdefghijklmnop')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Copy API key' }));
    expect(writeText).toHaveBeenLastCalledWith('hs_live_abcdefghijklmnop');
    expect(await screen.findByText('API key copied')).toBeTruthy();
  });

  // Keys are stored hashed: the list holds only the 10 characters it shows, so its button must
  // not claim to copy the key.
  it("the list's copy button copies the shown prefix and says so, never 'API key copied'", async () => {
    const writeText = vi.fn(async () => {});
    clipboard(writeText);
    stubApi(keysApi());
    renderWithProviders(<ApiKeysTab />);
    expect(await screen.findByText('hs_live_ab...')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Copy API key WhiteCoat' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Copy key prefix WhiteCoat' }));
    expect(writeText).toHaveBeenCalledWith('hs_live_ab');
    expect(await screen.findByText('Key prefix copied')).toBeTruthy();
    expect(screen.getByText(/The full key was shown once, when it was generated\./)).toBeTruthy();
    expect(screen.queryByText('API key copied')).toBeNull();
  });

  it("toasts 'Failed to copy' when the clipboard refuses", async () => {
    clipboard(vi.fn(async () => Promise.reject(new Error('denied'))));
    stubApi(keysApi());
    renderWithProviders(<ApiKeysTab />);
    await userEvent.click(await screen.findByRole('button', { name: 'Copy key prefix WhiteCoat' }));
    expect(await screen.findByText('Failed to copy')).toBeTruthy();
    expect(screen.getByText('Could not copy the key prefix to clipboard')).toBeTruthy();
  });

  it("the one-time dialog toasts 'Failed to copy' when the clipboard refuses", async () => {
    clipboard(vi.fn(async () => Promise.reject(new Error('denied'))));
    stubApi(keysApi([]));
    renderWithProviders(<ApiKeysTab />);
    await generateKey();
    await userEvent.click(await screen.findByRole('button', { name: 'Copy API key' }));
    expect(await screen.findByText('Failed to copy')).toBeTruthy();
    expect(screen.getByText('Could not copy API key to clipboard')).toBeTruthy();
  });

  it('shows the empty text', async () => {
    stubApi({ 'GET /api/admin/api-keys': { success: true, data: [] } });
    renderWithProviders(<ApiKeysTab />);
    expect(await screen.findByText('No API keys found. Generate one to get started.')).toBeTruthy();
  });

  it('maskKey keeps 10 characters plus an ellipsis', () => {
    expect(maskKey('abcdefghijklmnop')).toBe('abcdefghij...');
  });
});

describe('holiday dialog', () => {
  it("shows 'Date is required' and the name message", async () => {
    stubApi({});
    renderWithProviders(<HolidayDialog holiday={null} open onOpenChange={noop} onSaved={noop} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Create Holiday' }));
    expect(screen.getByText('Date is required')).toBeTruthy();
    expect(screen.getByText('Name is required')).toBeTruthy();
  });

  it("toasts 'Failed to create public holiday: {message}'", async () => {
    stubApi({
      'POST /api/admin/public-holidays': () =>
        Response.json({ success: false, message: 'A holiday on that date exists' }, { status: 409 }),
    });
    renderWithProviders(<HolidayDialog holiday={null} open onOpenChange={noop} onSaved={noop} />);
    await userEvent.type(await screen.findByLabelText(/^Name/), 'National Day');
    fireEvent.change(screen.getByLabelText(/^Date/), { target: { value: '2026-08-09' } });
    await userEvent.click(screen.getByRole('button', { name: 'Create Holiday' }));
    expect(
      await screen.findByText('Failed to create public holiday: A holiday on that date exists'),
    ).toBeTruthy();
  });
});

describe('email configuration dialog', () => {
  it("shows the spec's messages", async () => {
    stubApi({});
    renderWithProviders(<EmailConfigDialog config={null} open onOpenChange={noop} onSaved={noop} />);
    await userEvent.type(await screen.findByLabelText(/^Key/), 'AB');
    await userEvent.type(screen.getByLabelText(/^Value/), 'x');
    await userEvent.type(screen.getByLabelText(/^Description/), 'd'.repeat(201));
    await userEvent.click(screen.getByRole('button', { name: 'Create Configuration' }));
    expect(screen.getByText('Key must be at least 3 characters')).toBeTruthy();
    expect(screen.getByText('Value must be at least 3 characters')).toBeTruthy();
    expect(screen.getByText('Description must be less than 200 characters')).toBeTruthy();
  });

  it("shows 'Key must be less than 50 characters'", async () => {
    stubApi({});
    renderWithProviders(<EmailConfigDialog config={null} open onOpenChange={noop} onSaved={noop} />);
    const key = await screen.findByLabelText(/^Key/);
    fireEvent.change(key, { target: { value: 'K'.repeat(51) } });
    fireEvent.blur(key);
    expect(screen.getByText('Key must be less than 50 characters')).toBeTruthy();
  });

  it('keeps the key read-only when editing and uses an email input for an address', async () => {
    const fetchMock = stubApi({ 'PATCH /api/admin/email-configs/3': { success: true, data: {} } });
    const config = {
      id: 3,
      configKey: 'EMAIL_SENDER_ADDRESS',
      configValue: 'a@b.sg',
      description: null,
      lastUpdatedBy: null,
      createdAt: '',
      updatedAt: '',
    };
    renderWithProviders(<EmailConfigDialog config={config} open onOpenChange={noop} onSaved={noop} />);
    const key = (await screen.findByLabelText(/^Key/)) as HTMLInputElement;
    expect(key.readOnly).toBe(true);
    expect((screen.getByLabelText(/^Value/) as HTMLInputElement).type).toBe('email');
    await userEvent.click(screen.getByRole('button', { name: 'Update Configuration' }));
    await waitFor(() =>
      expect(bodyOf(fetchMock, 'PATCH', '/api/admin/email-configs/3')).toEqual({
        configValue: 'a@b.sg',
        description: null,
      }),
    );
    expect(await screen.findByText('Configuration updated')).toBeTruthy();
  });

  it('picks the value input by key', () => {
    expect(valueInputKind('EMAIL_SENDER_ADDRESS')).toBe('email');
    expect(valueInputKind('EMAIL_SENDER_NAME')).toBe('text');
    expect(valueInputKind('EMAIL_CONFIRMATION_TEMPLATE')).toBe('textarea');
  });

  it("names who last updated a configuration, not the raw actor id ('admin:ana')", async () => {
    stubApi({
      'GET /api/admin/email-configs': {
        success: true,
        data: [
          {
            id: 3,
            configKey: 'EMAIL_SENDER_NAME',
            configValue: 'Health Screening',
            description: null,
            lastUpdatedBy: 'admin:ana',
            createdAt: '2026-11-24T03:09:00Z',
            updatedAt: '2026-11-24T03:09:00Z',
          },
        ],
      },
    });
    renderWithProviders(<EmailTemplatesTab />);
    expect(await screen.findByText('by Admin ana')).toBeTruthy();
    expect(screen.queryByText(/admin:ana/)).toBeNull();
  });
});
