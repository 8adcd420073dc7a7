import { isPaidStatus, MAX_PARTICIPANTS, parseRegistrationStatus } from '@hs/domain';
import { useState } from 'react';
import { useTranslation, translateMessage as tm } from '../../i18n';
import { css, cx } from 'styled-system/css';
import { PlusIcon } from '../../components/icons';
import { Button } from '../../components/ui/button';
import * as Card from '../../components/ui/card';
import * as Dialog from '../../components/ui/dialog';
import { toaster } from '../../components/ui/toaster';
import { ApiError, errorMessage } from '../../lib/api';
import { publicPrice } from '../../public/money';
import { ParticipantBadges, participantItem, participantWho } from '../../public/participant-list';
import type { BookedParticipant, EventPackage, RegistrationLookup } from '../../public/types';
import { ParticipantDialog } from '../booking/participant-dialog';
import { useEventById } from '../participants-booking/use-event-by-id';
import { EditParticipantDialog } from './edit-participant-dialog';
import {
  addParticipant,
  type ParticipantChangeResult,
  type ParticipantEdit,
  removeParticipant,
  updateParticipant,
} from './participant-calls';
import { spreadRow } from '../../public/spread-row';
import { EditParticipantButton, RemoveParticipantButton } from '../../public/participant-buttons';

const failure = (title: string, e: unknown) =>
  toaster.create({
    title,
    description: tm(e instanceof ApiError ? (e.serverMessage ?? e.message) : errorMessage(e)),
    type: 'error',
  });

/**
 * The packages a participant can have: the event's, else at least the booking's own (the event
 * list may have failed to load, or no longer list the event).
 */
function usePackages(registration: RegistrationLookup): EventPackage[] {
  const { event } = useEventById(registration.eventId ?? null);
  if (event?.packages.length) return event.packages;
  if (!registration.packageId) return [];
  return [
    {
      id: registration.packageId,
      name: registration.packageName,
      description: null,
      price: registration.packagePrice ?? '0.00',
      aiaPrice: null,
      isActive: true,
    },
  ];
}

export interface BookingParticipantsProps {
  registration: RegistrationLookup;
  /** After a change: the new log position, for the caller to read the re-priced booking. */
  onChanged: (result: ParticipantChangeResult) => Promise<void>;
}

/**
 * The participants of a booking, managed by its reference number: add, edit or remove while it is
 * unpaid and not cancelled (the server refuses changes after that, and re-prices every change).
 */
export function BookingParticipants({ registration, onChanged }: BookingParticipantsProps) {
  const { t } = useTranslation();
  const packages = usePackages(registration);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<BookedParticipant | null>(null);
  const [removing, setRemoving] = useState<BookedParticipant | null>(null);
  const [busy, setBusy] = useState(false);

  const participants = registration.participants ?? [];
  const status = parseRegistrationStatus(registration.status);
  const changeable = status !== null && status !== 'cancelled' && !isPaidStatus(status);
  const booking = {
    id: registration.id,
    referenceNumber: registration.referenceNumber || registration.reference_number || '',
  };

  async function run(
    action: () => Promise<ParticipantChangeResult>,
    done: { title: string; failed: string },
    close: () => void,
  ) {
    setBusy(true);
    try {
      const result = await action();
      await onChanged(result);
      close();
      toaster.create({ title: done.title, type: 'success' });
    } catch (e) {
      failure(done.failed, e);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card.Root>
      <Card.Header>
        <div className={spreadRow}>
          <Card.Title asChild>
            <h2>{t('review.participants', { total: participants.length, limit: MAX_PARTICIPANTS })}</h2>
          </Card.Title>
          {changeable ? (
            <Button
              size="sm"
              variant="outline"
              disabled={participants.length >= MAX_PARTICIPANTS || busy}
              onClick={() => setAdding(true)}
            >
              <PlusIcon />
              {t('review.addParticipant')}
            </Button>
          ) : null}
        </div>
        <Card.Description>{changeable ? t('parts.changeable') : t('parts.locked')}</Card.Description>
      </Card.Header>
      <Card.Body>
        {participants.length === 0 ? (
          <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('parts.none')}</p>
        ) : (
          <ul className={css({ display: 'grid', gap: '2', fontSize: 'sm' })}>
            {participants.map((p) => {
              const name = `${p.firstName} ${p.lastName}`;
              return (
                <li key={p.id} className={cx(participantItem, css({ alignItems: 'center' }))}>
                  <span className={participantWho}>
                    <span className={css({ fontWeight: 'medium' })}>{name}</span>
                    <span className={css({ display: 'block', color: 'fg.muted' })}>
                      {/* issue 46: the public sees the price with GST in it */}
                      {p.packageName} · {publicPrice(p.packagePrice)} ({t('wizard.inclGst')})
                    </span>
                  </span>
                  <span
                    className={css({ display: 'flex', gap: '1', alignItems: 'center', flexWrap: 'wrap' })}
                  >
                    <ParticipantBadges isPrimary={p.isPrimary} isAiaMember={p.isAiaMember} />
                    {changeable ? (
                      <>
                        <EditParticipantButton name={name} disabled={busy} onClick={() => setEditing(p)} />
                        {p.isPrimary ? null : (
                          <RemoveParticipantButton
                            name={name}
                            disabled={busy}
                            onClick={() => setRemoving(p)}
                          />
                        )}
                      </>
                    ) : null}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </Card.Body>

      <ParticipantDialog
        open={adding}
        editing={null}
        packages={packages}
        defaultPackageId={registration.packageId ?? null}
        onOpenChange={setAdding}
        onSave={(p) =>
          void run(
            () => addParticipant(booking, p),
            { title: t('review.participantAdded'), failed: t('parts.addFailed') },
            () => setAdding(false),
          )
        }
      />
      <EditParticipantDialog
        participant={editing}
        packages={packages}
        saving={busy}
        onOpenChange={(open) => (open ? null : setEditing(null))}
        onSave={(changes: ParticipantEdit) => {
          if (!editing) return;
          void run(
            () => updateParticipant(booking.referenceNumber, editing.id, changes),
            { title: t('review.participantUpdated'), failed: t('parts.updateFailed') },
            () => setEditing(null),
          );
        }}
      />
      <Dialog.Root
        role="alertdialog"
        open={removing !== null}
        onOpenChange={(e) => (e.open ? null : setRemoving(null))}
      >
        <Dialog.Portal maxW="md">
          <Dialog.Header>
            <Dialog.Title>{t('parts.removeTitle')}</Dialog.Title>
            <Dialog.Description>
              {t('parts.removeText', { name: `${removing?.firstName} ${removing?.lastName}` })}
            </Dialog.Description>
          </Dialog.Header>
          <Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <Button variant="outline">{t('common.cancel')}</Button>
            </Dialog.CloseTrigger>
            <Button
              variant="danger"
              loading={busy}
              loadingText={t('parts.removing')}
              onClick={() => {
                const target = removing;
                if (!target) return;
                void run(
                  () => removeParticipant(booking.referenceNumber, target.id),
                  { title: t('review.participantRemoved'), failed: t('parts.removeFailed') },
                  () => setRemoving(null),
                );
              }}
            >
              {t('parts.remove')}
            </Button>
          </Dialog.Footer>
          <Dialog.CloseButton />
        </Dialog.Portal>
      </Dialog.Root>
    </Card.Root>
  );
}
