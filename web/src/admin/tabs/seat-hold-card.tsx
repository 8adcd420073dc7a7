import { type FormEvent, useState } from 'react';
import useSWR from 'swr';
import { css } from 'styled-system/css';
import { Stack } from 'styled-system/jsx';
import { Button } from '../../components/ui/button';
import * as Card from '../../components/ui/card';
import * as Field from '../../components/ui/field';
import { Skeleton } from '../../components/ui/skeleton';
import { type ApiEnvelope, api } from '../../lib/api';
import type { PaymentHold } from '@hs/contracts';
import { ADMIN_PATHS, failureMessage, toastError, toastSuccess } from '../lib/admin-api';

type HoldAnswer = ApiEnvelope<PaymentHold>;

export const HOLD_MINUTES_MAX = 1440;
export const SEAT_HOLD_MESSAGES = {
  invalid: `Enter whole minutes from 1 to ${HOLD_MINUTES_MAX}.`,
  saved: 'Seat hold saved',
  savedDetail: (minutes: number) => `Unpaid bookings now hold their seats for ${minutes} minutes.`,
} as const;

/** The minutes typed, when they are a whole number from 1 to 1440; else null. */
export function parseHoldMinutes(text: string): number | null {
  const t = text.trim();
  if (!/^\d+$/.test(t)) return null;
  const minutes = Number(t);
  return minutes >= 1 && minutes <= HOLD_MINUTES_MAX ? minutes : null;
}

/** Payments tab: how long an unpaid card booking keeps its seats (GET / PUT /api/admin/payments/hold). */
export function SeatHoldCard() {
  const { data, error, isLoading, mutate } = useSWR<HoldAnswer>(ADMIN_PATHS.paymentHold);
  // null: show the saved value
  const [typed, setTyped] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  const [pending, setPending] = useState(false);
  const shown = typed ?? (data ? String(data.data.holdMinutes) : '');

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const holdMinutes = parseHoldMinutes(shown);
    setInvalid(holdMinutes === null);
    if (holdMinutes === null) return;
    setPending(true);
    try {
      const answer = await api.put<HoldAnswer>(ADMIN_PATHS.paymentHold, { holdMinutes });
      await mutate(answer, { revalidate: false });
      setTyped(null);
      toastSuccess(SEAT_HOLD_MESSAGES.saved, SEAT_HOLD_MESSAGES.savedDetail(answer.data.holdMinutes));
    } catch (e) {
      toastError(`Failed to save the seat hold: ${failureMessage(e)}`);
    } finally {
      setPending(false);
    }
  };

  return (
    <Card.Root>
      <Card.Header>
        <Card.Title>Seat Hold</Card.Title>
        <Card.Description>
          How long a booking awaiting card payment keeps its seats. When the time runs out unpaid, the booking
          expires and its seats are released.
        </Card.Description>
      </Card.Header>
      <Card.Body>
        {isLoading ? (
          <Skeleton h="16" aria-label="Loading seat hold" />
        ) : error || !data ? (
          <p role="alert" className={css({ color: 'danger.text', textStyle: 'sm' })}>
            Failed to load the seat hold: {failureMessage(error)}
          </p>
        ) : (
          <form onSubmit={save} noValidate>
            <Stack gap="3" alignItems="flex-start">
              <Field.TextField
                label="Seat hold (minutes)"
                name="holdMinutes"
                type="number"
                inputMode="numeric"
                min={1}
                max={HOLD_MINUTES_MAX}
                step={1}
                required
                maxW="40"
                value={shown}
                error={invalid ? SEAT_HOLD_MESSAGES.invalid : undefined}
                onChange={(e) => {
                  setTyped(e.target.value);
                  if (invalid) setInvalid(parseHoldMinutes(e.target.value) === null);
                }}
              />
              <Button type="submit" loading={pending} loadingText="Saving...">
                Save Seat Hold
              </Button>
            </Stack>
          </form>
        )}
      </Card.Body>
    </Card.Root>
  );
}
