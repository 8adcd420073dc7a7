import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, beforeAll } from 'vitest';
import { toaster } from '../../components/ui/toaster';
import { bodyOf, EVENT, mockApi, renderApp, TIMESLOTS } from '../../public/test-utils';
import { preloadLaterSteps } from '../booking/later-steps';

// the wizard's steps after the first are a chunk of their own, fetched while the first is shown
beforeAll(async () => {
  await preloadLaterSteps();
});

afterEach(() => {
  toaster.remove();
});

type User = ReturnType<typeof userEvent.setup>;

/** TIMESLOTS with every slot full (or only 1 December's, `onlyFirstDate`). */
function fullSlots(onlyFirstDate = false) {
  const data = Object.fromEntries(
    Object.entries(TIMESLOTS.data).map(([day, g]) => [
      day,
      {
        ...g,
        timeslots: g.timeslots.map((t) =>
          onlyFirstDate && day !== '2026-12-01' ? t : { ...t, currentAttendees: t.maxAttendees },
        ),
      },
    ]),
  );
  return { ...TIMESLOTS, data };
}

function api(timeslots: unknown, join?: (init: RequestInit | undefined) => Response) {
  return mockApi({
    'GET /api/events/whitecoat-health-screening': { success: true, data: EVENT },
    'GET /api/timeslots/postal-code': timeslots,
    'POST /api/verify-aia-healthshield': { success: false, isAiaMember: false, message: 'no' },
    'POST /api/waitlist': (_url: URL, init: RequestInit | undefined) =>
      join ? join(init) : Response.json({ success: true, data: { id: 'abc', position: 3 } }, { status: 201 }),
  });
}

async function fill(user: User, label: RegExp, text: string) {
  await user.click(screen.getByLabelText(label));
  await user.paste(text);
}

/** Package, personal details, then the slot step. */
async function toSlotStep(user: User, served = true) {
  renderApp('/events/whitecoat-health-screening');
  await user.click(await screen.findByRole('radio', { name: /Comprehensive Health Screening/ }));
  await user.click(screen.getByRole('button', { name: /Next/ }));
  await screen.findByRole('heading', { name: 'Personal Information' });
  await fill(user, /First Name/, 'Mei');
  await fill(user, /Last Name/, 'Tan');
  await fill(user, /^Email/, 'mei@example.com');
  await fill(user, /Mobile Number/, '91234567');
  await user.click(screen.getByRole('radio', { name: 'Female' }));
  await fill(user, /Identification Number/, 'S1234567D');
  await fill(user, /Date of Birth/, '15/06/1985');
  await fill(user, /Postal Code/, '180001');
  await fill(user, /^Address/, '1 Example Road');
  await user.click(screen.getByText(/I have read the privacy notice and consent/));
  await screen.findByText(served ? 'Region: Central' : 'No region serves this postal code');
  await user.click(screen.getByRole('button', { name: /Next/ }));
  await screen.findByRole('heading', { name: 'Select Appointment Slot' });
}

describe('joining the waiting list from the wizard', { timeout: 30_000 }, () => {
  it('offers the list when no date has a free seat, prefilled, and shows the position', async () => {
    const fetchMock = api(fullSlots());
    const user = userEvent.setup();
    await toSlotStep(user);
    expect(screen.getByText('All appointment slots in your region are fully booked.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Join the waiting list' }));

    const heading = await screen.findByRole('heading', { name: 'Join the waiting list' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect((screen.getByLabelText(/First Name/) as HTMLInputElement).value).toBe('Mei');
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe('mei@example.com');
    expect((screen.getByLabelText(/Postal Code/) as HTMLInputElement).value).toBe('180001');
    expect((screen.getByLabelText(/Number of people/) as HTMLInputElement).value).toBe('1');
    expect((screen.getByLabelText(/^Package/) as HTMLSelectElement).value).toBe('2');

    // two preferred dates, one removed again
    const date = screen.getByLabelText(/^Date/);
    await user.type(date, '2026-12-04');
    await user.click(screen.getByRole('button', { name: 'Add date' }));
    await user.type(date, '2026-12-08');
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'Remove Tuesday, 8 December 2026' }));
    await user.clear(screen.getByLabelText(/Number of people/));
    await user.type(screen.getByLabelText(/Number of people/), '2');

    await user.click(screen.getByRole('button', { name: 'Join the waiting list' }));
    expect(await screen.findByText('Position 3')).toBeTruthy();
    expect(screen.getByText(/sent an email to mei@example.com/)).toBeTruthy();
    expect(bodyOf(fetchMock, 'POST', '/api/waitlist')).toEqual({
      eventId: 1,
      packageId: 2,
      postalCode: '180001',
      firstName: 'Mei',
      lastName: 'Tan',
      email: 'mei@example.com',
      mobileNumber: '91234567',
      seats: 2,
      preferredDates: ['2026-12-04'],
      language: 'en',
    });
  });

  it('offers the list for a full date with that date preferred, and checks the fields first', async () => {
    const fetchMock = api(fullSlots(true));
    const user = userEvent.setup();
    await toSlotStep(user);
    // another date still has seats: no list until the full date is chosen
    expect(screen.queryByRole('button', { name: 'Join the waiting list' })).toBeNull();
    await user.click(screen.getByRole('radio', { name: /Tuesday, 1 December 2026/ }));
    expect(screen.getByText('This date is fully booked.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Join the waiting list' }));
    expect(await screen.findByRole('list', { name: 'Preferred dates' })).toBeTruthy();
    expect(screen.getByText('Tuesday, 1 December 2026')).toBeTruthy();

    await user.clear(screen.getByLabelText(/^Email/));
    await user.type(screen.getByLabelText(/^Email/), 'nope');
    await user.clear(screen.getByLabelText(/Number of people/));
    await user.type(screen.getByLabelText(/Number of people/), '11');
    await user.click(screen.getByRole('button', { name: 'Join the waiting list' }));
    expect(await screen.findByText('Invalid email address')).toBeTruthy();
    expect(screen.getByText('A booking can have at most 10 participants')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Email/)));
    expect(bodyOf(fetchMock, 'POST', '/api/waitlist')).toBeUndefined();

    // Back returns to the wizard's slot step
    await user.click(screen.getByRole('button', { name: /Back/ }));
    expect(await screen.findByRole('heading', { name: 'Select Appointment Slot' })).toBeTruthy();
  });

  it('offers the list for a region without slots, but not when the postal code is not served', async () => {
    api({ ...TIMESLOTS, data: {} });
    const user = userEvent.setup();
    await toSlotStep(user);
    expect(screen.getByText(/No timeslots available for this postal code/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Join the waiting list' })).toBeTruthy();
  });

  it('does not offer the list when the postal code lookup fails', async () => {
    api(() =>
      Response.json({ success: false, message: 'No region serves this postal code' }, { status: 404 }),
    );
    const user = userEvent.setup();
    await toSlotStep(user, false);
    expect(screen.getByText(/No timeslots available for this postal code/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Join the waiting list' })).toBeNull();
  });

  it("shows the server's 409 and 400 answers", async () => {
    let answer = 409;
    api(fullSlots(), () =>
      answer === 409
        ? Response.json(
            { success: false, message: 'You are already on the waiting list for this event' },
            { status: 409 },
          )
        : Response.json(
            {
              success: false,
              message: 'Validation failed',
              errors: [{ field: 'mobileNumber', message: 'Mobile number is required' }],
            },
            { status: 400 },
          ),
    );
    const user = userEvent.setup();
    await toSlotStep(user);
    await user.click(screen.getByRole('button', { name: 'Join the waiting list' }));
    await screen.findByRole('heading', { name: 'Join the waiting list' });
    await user.click(screen.getByRole('button', { name: 'Join the waiting list' }));
    expect(await screen.findByText('You are already on the waiting list for this event')).toBeTruthy();

    answer = 400;
    await user.click(screen.getByRole('button', { name: 'Join the waiting list' }));
    expect(await screen.findByText('Mobile number is required')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/Mobile Number/)));
    expect(screen.queryByText(/Position/)).toBeNull();
  });
});
