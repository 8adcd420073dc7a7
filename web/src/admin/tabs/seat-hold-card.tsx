import * as Field from '../../components/ui/field';
import type { ApiEnvelope } from '../../lib/api';
import type { PaymentHold } from '@hs/contracts';
import { SettingCard, useSettingEditor } from '../components/setting-card';
import { ADMIN_PATHS } from '../lib/admin-api';

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

/** The seat hold's problem: null for whole minutes from 1 to 1440. */
function holdMinutesProblem(text: string): string | null {
  return parseHoldMinutes(text) === null ? SEAT_HOLD_MESSAGES.invalid : null;
}

/** Payments tab: how long an unpaid card booking keeps its seats (GET / PUT /api/admin/payments/hold). */
export function SeatHoldCard() {
  const setting = useSettingEditor<HoldAnswer>({
    path: ADMIN_PATHS.paymentHold,
    what: 'seat hold',
    text: (answer) => String(answer.data.holdMinutes),
    problem: holdMinutesProblem,
    body: (text) => ({ holdMinutes: parseHoldMinutes(text) }),
    saved: (answer) => [SEAT_HOLD_MESSAGES.saved, SEAT_HOLD_MESSAGES.savedDetail(answer.data.holdMinutes)],
  });

  return (
    <SettingCard
      title="Seat Hold"
      description="How long a booking awaiting card payment keeps its seats. When the time runs out unpaid, the booking expires and its seats are released."
      setting={setting}
      skeletonHeight="16"
      submitLabel="Save Seat Hold"
    >
      {() => (
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
          value={setting.shown}
          error={setting.problem ?? undefined}
          onChange={(e) => setting.change(e.target.value)}
        />
      )}
    </SettingCard>
  );
}
