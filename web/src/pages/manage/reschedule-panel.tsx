import type { ManageProof } from '@hs/domain';
import { useState } from 'react';
import { useTranslation, translateMessage as tm } from '../../i18n';
import { css } from 'styled-system/css';
import { Notice } from '../../components/notice';
import { Button } from '../../components/ui/button';
import * as Card from '../../components/ui/card';
import { localDate } from '../../i18n/format';
import { type ApiEnvelope, ApiError, api } from '../../lib/api';
import { postalTimeslotsKey } from '../../lib/swr-keys';
import { BackFooter } from '../../public/back-footer';
import type { RegistrationLookup, RescheduleResult } from '../../public/types';
import { useSlotChoice } from '../booking/slot-choice';
import { SlotStep } from '../booking/slot-step';
import { postalCodeInRegion } from './region-postal-code';

export const RESCHEDULE_FAILED_MESSAGE = 'Failed to reschedule your appointment. Please try again later.';

/**
 * Reschedule: the wizard's date-then-time picker over the booking's region's slots of its event (the
 * current slot left out), a confirmation, then the move. A refusal (cut-off, full slot) is said here.
 */
export function ReschedulePanel({
  registration,
  proof,
  onBack,
  onRescheduled,
}: {
  registration: RegistrationLookup;
  /** What opened the booking (the link's token, or its email or date of birth): the move needs it too. */
  proof: ManageProof;
  onBack: () => void;
  onRescheduled: (moved: RescheduleResult) => void;
}) {
  const { t } = useTranslation();
  const choice = useSlotChoice(
    postalTimeslotsKey(postalCodeInRegion(registration.region), registration.eventId),
    registration.timeslotId,
  );
  const { group, slot } = choice;
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function move() {
    if (!slot) return;
    setPending(true);
    setFailure(null);
    try {
      const res = await api.post<ApiEnvelope<RescheduleResult>>(
        `/api/registrations/${encodeURIComponent(registration.referenceNumber)}/reschedule`,
        { timeslotId: slot.id, ...proof },
      );
      onRescheduled(res.data);
    } catch (error) {
      setFailure(tm((error instanceof ApiError && error.serverMessage) || RESCHEDULE_FAILED_MESSAGE));
      setConfirming(false);
      choice.setTimeslotId(null);
      void choice.query.mutate();
    } finally {
      setPending(false);
    }
  }

  const failureNote = failure ? (
    <Notice tone="danger" size="sm">
      {failure}
    </Notice>
  ) : null;

  if (confirming && slot && group) {
    return (
      <Card.Root>
        <Card.Header>
          <Card.Title asChild>
            <h2>{t('reschedule.confirmTitle')}</h2>
          </Card.Title>
        </Card.Header>
        <Card.Body gap="4">
          <p data-testid="reschedule-question">
            {t('reschedule.question', {
              date: localDate(group.date.value, group.date.label),
              time: slot.label,
            })}
          </p>
          <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('reschedule.stays')}</p>
        </Card.Body>
        <BackFooter
          back={() => setConfirming(false)}
          label={t('reschedule.chooseAnother')}
          disabled={pending}
        >
          <Button loading={pending} loadingText={t('reschedule.moving')} onClick={() => void move()}>
            {t('reschedule.move')}
          </Button>
        </BackFooter>
      </Card.Root>
    );
  }

  return (
    <Card.Root>
      <Card.Header>
        <Card.Title asChild>
          <h2>{t('reschedule.chooseTitle')}</h2>
        </Card.Title>
        <Card.Description>{t('reschedule.pick')}</Card.Description>
      </Card.Header>
      <Card.Body gap="4">
        {failureNote}
        <SlotStep {...choice.stepProps} />
      </Card.Body>
      <BackFooter back={onBack} label={t('manage.back')}>
        <Button
          disabled={!slot}
          onClick={() => {
            setFailure(null);
            setConfirming(true);
          }}
        >
          {t('reschedule.continue')}
        </Button>
      </BackFooter>
    </Card.Root>
  );
}
