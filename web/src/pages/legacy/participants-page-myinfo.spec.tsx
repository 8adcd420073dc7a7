import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toaster } from '../../components/ui/toaster';
import { PARTICIPANTS_KEY } from '../../public/legacy-storage';
import { navigation } from '../../public/myinfo';
import { MYINFO_HANDLE, MYINFO_ROUTES } from '../../public/myinfo/myinfo-fixtures';
import { EVENT, mockApi, renderApp } from '../../public/test-utils';
import type { EventDetail } from '../../public/types';
import { participantsBookingBody } from '../participants-booking/registration-body';
import type { PageParticipant } from '../participants-booking';

/* Issue 49 on the participants page: the add form's button, the return into the open form, the handle kept. */
const PAGE = '/booking/whitecoat-health-screening/participants?eventId=1&packageId=1';

afterEach(() => {
  toaster.remove();
  window.history.replaceState(null, '', '/');
});

const input = (name: string) => document.getElementById(`pp-${name}`) as HTMLInputElement;

describe('Retrieve Myinfo with Singpass on the participants page', { timeout: 30_000 }, () => {
  it('comes back into the open form, filled and locked, and keeps the handle with the person', async () => {
    mockApi({
      ...MYINFO_ROUTES,
      'GET /api/events/whitecoat-health-screening': { success: true, data: EVENT },
    });
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => {});
    const user = userEvent.setup();
    window.history.replaceState(null, '', PAGE);
    renderApp(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Add Primary Contact' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Mobile Number/), '91112222');
    await user.click(await within(dialog).findByRole('button', { name: 'Retrieve Myinfo with Singpass' }));
    expect(assign).toHaveBeenCalledWith(`/api/myinfo/authorize?returnTo=${encodeURIComponent(PAGE)}`);
    cleanup();

    window.history.replaceState(null, '', `${PAGE}#myinfo=${MYINFO_HANDLE}`);
    renderApp(PAGE);
    const back = await screen.findByRole('dialog');
    await waitFor(() => expect(input('identificationNumber').value).toBe('S9812381D'));
    expect(window.location.hash).toBe('');
    expect(input('firstName').value).toBe('Wei Ming');
    expect(input('firstName').readOnly).toBe(true);
    expect(input('dateOfBirth').value).toBe('06/10/1988');
    expect(input('mobileNumber').value).toBe('97399245');
    expect(within(back).getAllByText('From Myinfo').length).toBeGreaterThan(3);

    await user.click(within(back).getByRole('button', { name: 'Save Participant' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: /Continue/ }));
    const stored = JSON.parse(localStorage.getItem(PARTICIPANTS_KEY) ?? '[]') as PageParticipant[];
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      isPrimary: true,
      identificationNumber: 'S9812381D',
      dateOfBirth: '1988-10-06',
      gender: 'Male',
      myinfoHandle: MYINFO_HANDLE,
    });
  });

  it("the booking carries each person's handle: the primary's at the top, the others' in their entries", () => {
    const person = (over: Partial<PageParticipant>): PageParticipant => ({
      id: 'a',
      firstName: 'Wei Ming',
      lastName: 'Tan',
      gender: 'Male',
      email: 'weiming@example.com',
      mobileNumber: '97399245',
      identificationNumber: 'S9812381D',
      dateOfBirth: '1988-10-06',
      isAiaMember: false,
      aiaMemberId: null,
      isPrimary: true,
      packageId: 1,
      ...over,
    });
    const body = participantsBookingBody({
      event: EVENT as unknown as EventDetail,
      packageId: 1,
      timeslotId: 11,
      primary: person({ myinfoHandle: 'primary-handle' }),
      others: [
        person({
          id: 'b',
          isPrimary: false,
          identificationNumber: 'T0123456G',
          myinfoHandle: 'other-handle',
        }),
        person({ id: 'c', isPrimary: false, identificationNumber: 'T0123457E' }),
      ],
      address: { postalCode: '560123', address: '1 Road', unitNumber: '', medicalConditions: '' },
      privacyConsent: true,
      totalCents: 0,
    });
    expect(body).toMatchObject({ myinfoHandle: 'primary-handle' });
    expect(body.participants[0]).toMatchObject({ myinfoHandle: 'other-handle' });
    expect('myinfoHandle' in (body.participants[1] as object)).toBe(false);
  });
});
