import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi, beforeAll } from 'vitest';
import { toaster } from '../../components/ui/toaster';
import { navigation } from '../../public/myinfo';
import { MYINFO_HANDLE, MYINFO_ROUTES } from '../../public/myinfo/myinfo-fixtures';
import { bodyOf, EVENT, mockApi, renderApp, TIMESLOTS } from '../../public/test-utils';
import { preloadLaterSteps } from './later-steps';

// the wizard's steps after the first are a chunk of their own, fetched while the first is shown
beforeAll(async () => {
  // and the page's own lazy chunk: its first transform under a loaded CI took the first test past its waits
  await Promise.all([preloadLaterSteps(), import('./booking-page')]);
}, 60_000);

/*
 * Issue 49 on step 2 of the wizard: the button saves the form and goes to Singpass; coming back with
 * `#myinfo=<handle>` restores the form, fills it from Myinfo and locks the verified identity; the
 * booking carries the handle only while it is locked; the ways back without data say why.
 */
const PAGE = '/events/whitecoat-health-screening';
const HANDLE = MYINFO_HANDLE;
const BOOKED = {
  success: true,
  data: { id: 8, reference_number: 'HS2612-1111-2222', status: 'pending_payment', balanceDue: '139.52' },
};

afterEach(() => {
  toaster.remove();
  window.history.replaceState(null, '', '/');
});

function api(overrides: Record<string, unknown> = {}) {
  return mockApi({
    ...MYINFO_ROUTES,
    'GET /api/events/whitecoat-health-screening': { success: true, data: EVENT },
    'GET /api/timeslots/postal-code': TIMESLOTS,
    'POST /api/registrations/quote': () => Response.json({ success: false, message: 'x' }, { status: 500 }),
    'POST /api/registrations': BOOKED,
    'GET /api/registrations/lookup': () => Response.json({ success: false }, { status: 404 }),
    ...overrides,
  });
}

const input = (name: string) => document.getElementById(`bk-${name}`) as HTMLInputElement;
const button = () => screen.findByRole('button', { name: 'Retrieve Myinfo with Singpass' });

/** On step 2 with a few details typed, the person presses the button and leaves for Singpass. */
async function leaveForSingpass(user: ReturnType<typeof userEvent.setup>) {
  const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => {});
  window.history.replaceState(null, '', PAGE);
  renderApp(PAGE);
  await user.click(await screen.findByRole('radio', { name: /Comprehensive Health Screening/ }));
  await user.click(screen.getByRole('button', { name: /Next/ }));
  await screen.findByRole('heading', { name: 'Personal Information' });
  await user.type(screen.getByLabelText(/First Name/), 'Typed');
  await user.type(screen.getByLabelText(/Medical Conditions/), 'Asthma');
  await user.click(screen.getByText(/I have read the privacy notice and consent/));
  await user.click(await button());
  expect(assign).toHaveBeenCalledWith(`/api/myinfo/authorize?returnTo=${encodeURIComponent(PAGE)}`);
  cleanup();
}

/** Singpass sends the browser back to the page with `fragment`. */
async function comeBack(fragment: string) {
  window.history.replaceState(null, '', `${PAGE}#${fragment}`);
  renderApp(PAGE);
  await screen.findByRole('heading', { name: 'Personal Information' });
}

describe('Retrieve Myinfo with Singpass in the wizard', { timeout: 30_000 }, () => {
  it('is offered only when Singpass is configured', async () => {
    api({ 'GET /api/myinfo': { success: true, data: { enabled: false } } });
    const user = userEvent.setup();
    renderApp(PAGE);
    await user.click(await screen.findByRole('radio', { name: /Basic Health Screening/ }));
    await user.click(screen.getByRole('button', { name: /Next/ }));
    await screen.findByRole('heading', { name: 'Personal Information' });
    await waitFor(() => expect(screen.getByLabelText(/First Name/)).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Retrieve Myinfo with Singpass' })).toBeNull();
  });

  it('comes back on step 2 as left, filled from Myinfo, the identity locked and marked', async () => {
    const fetchMock = api();
    const user = userEvent.setup();
    await leaveForSingpass(user);
    expect(sessionStorage.getItem('hs.myinfo.form')).toContain('Asthma');
    expect(localStorage.length).toBe(0);

    await comeBack(`myinfo=${HANDLE}`);
    // the handle is off the address at once, and the saved copy is gone
    expect(window.location.hash).toBe('');
    expect(window.location.pathname).toBe(PAGE);
    expect(sessionStorage.getItem('hs.myinfo.form')).toBeNull();
    await waitFor(() => expect(input('identificationNumber').value).toBe('S9812381D'));
    expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith(`/api/myinfo/prefill/${HANDLE}`))).toBe(
      true,
    );

    // the form as left (package, consent, medical conditions), Myinfo's values over it
    expect(input('medicalConditions').value).toBe('Asthma');
    expect(input('firstName').value).toBe('Wei Ming');
    expect(input('lastName').value).toBe('Tan');
    expect(input('dateOfBirth').value).toBe('06/10/1988');
    expect(input('mobileNumber').value).toBe('97399245');
    expect(input('email').value).toBe('weiming@example.com');
    expect(input('postalCode').value).toBe('560123');
    expect(input('unitNumber').value).toBe('#10-12');
    expect(input('address').value).toBe('123 Ang Mo Kio Avenue 3');
    const male = screen.getByRole('radio', { name: 'Male' }).closest('[data-part=item]');
    expect(male?.getAttribute('data-state')).toBe('checked');
    expect(male?.hasAttribute('data-readonly')).toBe(true);
    for (const name of ['identificationNumber', 'firstName', 'lastName', 'dateOfBirth']) {
      expect(input(name).readOnly, name).toBe(true);
    }
    expect(input('email').readOnly).toBe(false);
    expect(screen.getAllByText('From Myinfo').length).toBeGreaterThanOrEqual(9);
    expect(screen.getByText('TAN WEI MING')).toBeTruthy();
    expect(screen.getByText('Singapore Citizen')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retrieve Myinfo with Singpass' })).toBeNull();

    // a locked field does not take typing
    await user.type(input('identificationNumber'), 'X');
    expect(input('identificationNumber').value).toBe('S9812381D');

    // the name's split may be corrected
    const split = screen.getByLabelText('How your name is split') as HTMLSelectElement;
    const options = [...split.options].map((o) => o.text);
    expect(options).toContain('First name: Tan Wei · Last name: Ming');
    expect(options).toContain('First name: Tan · Last name: Wei Ming');
    await user.selectOptions(split, 'First name: Tan · Last name: Wei Ming');
    expect(input('firstName').value).toBe('Tan');
    expect(input('lastName').value).toBe('Wei Ming');
  });

  it('books with the handle while the identity is Myinfo’s', async () => {
    const fetchMock = api();
    const user = userEvent.setup();
    await leaveForSingpass(user);
    await comeBack(`myinfo=${HANDLE}`);
    await waitFor(() => expect(input('identificationNumber').value).toBe('S9812381D'));
    await user.click(screen.getByRole('button', { name: /Next/ }));
    await screen.findByRole('heading', { name: 'Select Appointment Slot' });
    await user.click(screen.getByRole('radio', { name: /Tuesday, 1 December 2026/ }));
    await user.click(screen.getByRole('radio', { name: /9:00 AM/ }));
    await user.click(screen.getByRole('button', { name: /Next/ }));
    await screen.findByRole('heading', { name: 'Review Booking' });
    await user.click(screen.getByRole('button', { name: /Confirm/ }));
    await waitFor(() => expect(bodyOf(fetchMock, 'POST', '/api/registrations')).toBeTruthy());
    expect(bodyOf(fetchMock, 'POST', '/api/registrations')).toMatchObject({
      myinfoHandle: HANDLE,
      packageId: 2,
      identificationNumber: 'S9812381D',
      dateOfBirth: '1988-10-06',
      firstName: 'Wei Ming',
      lastName: 'Tan',
      gender: 'male',
      medicalConditions: 'Asthma',
    });
  });

  it('"Clear and enter manually" empties and unlocks the fields and drops the handle', async () => {
    const fetchMock = api();
    const user = userEvent.setup();
    await leaveForSingpass(user);
    await comeBack(`myinfo=${HANDLE}`);
    await waitFor(() => expect(input('identificationNumber').value).toBe('S9812381D'));
    await user.click(screen.getByRole('button', { name: 'Clear and enter manually' }));
    for (const name of ['identificationNumber', 'firstName', 'lastName', 'dateOfBirth', 'email', 'address']) {
      expect(input(name).value, name).toBe('');
      expect(input(name).readOnly, name).toBe(false);
    }
    expect(input('medicalConditions').value).toBe('Asthma');
    expect(screen.queryByText('From Myinfo')).toBeNull();
    expect(await button()).toBeTruthy();

    await user.type(input('firstName'), 'Mei');
    await user.type(input('lastName'), 'Lim');
    await user.type(input('email'), 'mei@example.com');
    await user.type(input('mobileNumber'), '91234567');
    await user.click(screen.getByRole('radio', { name: 'Female' }));
    await user.type(input('identificationNumber'), 'S1234567D');
    await user.type(input('dateOfBirth'), '15/06/1985');
    await user.type(input('postalCode'), '180001');
    await user.type(input('address'), '1 Example Road');
    await user.click(screen.getByRole('button', { name: /Next/ }));
    await screen.findByRole('heading', { name: 'Select Appointment Slot' });
    await user.click(screen.getByRole('radio', { name: /Tuesday, 1 December 2026/ }));
    await user.click(screen.getByRole('radio', { name: /9:00 AM/ }));
    await user.click(screen.getByRole('button', { name: /Next/ }));
    await user.click(await screen.findByRole('button', { name: /Confirm/ }));
    await waitFor(() => expect(bodyOf(fetchMock, 'POST', '/api/registrations')).toBeTruthy());
    const body = bodyOf(fetchMock, 'POST', '/api/registrations') as Record<string, unknown>;
    expect(body.identificationNumber).toBe('S1234567D');
    expect('myinfoHandle' in body).toBe(false);
  });

  it('a booking refused as too old (409) unlocks the fields, drops the handle and says why', async () => {
    const message = 'This Myinfo retrieval has expired. Please retrieve it again or enter your details.';
    const fetchMock = api({
      'POST /api/registrations': () => Response.json({ success: false, message }, { status: 409 }),
    });
    const user = userEvent.setup();
    await leaveForSingpass(user);
    await comeBack(`myinfo=${HANDLE}`);
    await waitFor(() => expect(input('identificationNumber').value).toBe('S9812381D'));
    await user.click(screen.getByRole('button', { name: /Next/ }));
    await user.click(await screen.findByRole('radio', { name: /Tuesday, 1 December 2026/ }));
    await user.click(screen.getByRole('radio', { name: /9:00 AM/ }));
    await user.click(screen.getByRole('button', { name: /Next/ }));
    await user.click(await screen.findByRole('button', { name: /Confirm/ }));
    await screen.findByRole('heading', { name: 'Personal Information' });
    expect(screen.getByRole('alert').textContent).toContain(message);
    expect(input('identificationNumber').value).toBe('S9812381D');
    expect(input('identificationNumber').readOnly).toBe(false);
    expect(bodyOf(fetchMock, 'POST', '/api/registrations')).toMatchObject({ myinfoHandle: HANDLE });
  });

  it.each([
    ['cancelled', 'You cancelled at Singpass.'],
    ['unavailable', 'Singpass could not be reached.'],
    ['refused', 'We could not use this Myinfo retrieval.'],
  ])('#myinfo-error=%s: the form as left, a message, the button again', async (kind, text) => {
    api();
    const user = userEvent.setup();
    await leaveForSingpass(user);
    await comeBack(`myinfo-error=${kind}`);
    expect(window.location.hash).toBe('');
    expect((await screen.findByRole('alert')).textContent).toContain(text);
    expect(input('firstName').value).toBe('Typed');
    expect(input('medicalConditions').value).toBe('Asthma');
    expect(input('firstName').readOnly).toBe(false);
    expect(await button()).toBeTruthy();
  });

  it('a used handle (410, a reload) shows the server’s message and leaves the form as it was', async () => {
    const message =
      'This Myinfo retrieval has expired or was already used. Please retrieve it again or enter your details.';
    api({
      [`GET /api/myinfo/prefill/${HANDLE}`]: () =>
        Response.json({ success: false, message }, { status: 410 }),
    });
    const user = userEvent.setup();
    await leaveForSingpass(user);
    await comeBack(`myinfo=${HANDLE}`);
    expect((await screen.findByRole('alert')).textContent).toContain(message);
    expect(input('firstName').value).toBe('Typed');
    expect(input('identificationNumber').value).toBe('');
    expect(input('identificationNumber').readOnly).toBe(false);
  });
});
