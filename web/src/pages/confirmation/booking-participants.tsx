import { isPaidStatus, MAX_PARTICIPANTS, parseRegistrationStatus } from '@hs/domain';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { PencilIcon, PlusIcon, TrashIcon } from '../../components/icons';
import { Badge } from '../../components/ui/badge';
import { Button, IconButton } from '../../components/ui/button';
import * as Card from '../../components/ui/card';
import * as Dialog from '../../components/ui/dialog';
import { toaster } from '../../components/ui/toaster';
import { ApiError, errorMessage } from '../../lib/api';
import { money } from '../../public/money';
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

const failure = (title: string, e: unknown) =>
  toaster.create({
    title,
    description: e instanceof ApiError ? (e.serverMessage ?? e.message) : errorMessage(e),
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
            <h2>
              Participants ({participants.length} / {MAX_PARTICIPANTS})
            </h2>
          </Card.Title>
          {changeable ? (
            <Button
              size="sm"
              variant="outline"
              disabled={participants.length >= MAX_PARTICIPANTS || busy}
              onClick={() => setAdding(true)}
            >
              <PlusIcon />
              Add Participant
            </Button>
          ) : null}
        </div>
        <Card.Description>
          {changeable
            ? 'Add, edit or remove the people on this booking; the total and the balance due follow.'
            : 'Participants can no longer be changed on a paid or cancelled booking.'}
        </Card.Description>
      </Card.Header>
      <Card.Body>
        {participants.length === 0 ? (
          <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>No participants on this booking.</p>
        ) : (
          <ul className={css({ display: 'grid', gap: '2', fontSize: 'sm' })}>
            {participants.map((p) => {
              const name = `${p.firstName} ${p.lastName}`;
              return (
                <li
                  key={p.id}
                  className={css({
                    display: 'flex',
                    justifyContent: 'space-between',
                    alignItems: 'center',
                    gap: '2',
                    flexWrap: 'wrap',
                    p: '3',
                    borderWidth: '1px',
                    borderColor: 'border.default',
                    borderRadius: 'l2',
                  })}
                >
                  <span className={css({ minW: '0', wordBreak: 'break-word' })}>
                    <span className={css({ fontWeight: 'medium' })}>{name}</span>
                    <span className={css({ display: 'block', color: 'fg.muted' })}>
                      {p.packageName} · {money(p.packagePrice)}
                    </span>
                  </span>
                  <span
                    className={css({ display: 'flex', gap: '1', alignItems: 'center', flexWrap: 'wrap' })}
                  >
                    {p.isPrimary ? <Badge tone="info">Primary contact</Badge> : null}
                    {p.isAiaMember ? <Badge tone="success">AIA member</Badge> : null}
                    {changeable ? (
                      <>
                        <IconButton
                          size="sm"
                          variant="ghost"
                          aria-label={`Edit ${name}`}
                          disabled={busy}
                          onClick={() => setEditing(p)}
                        >
                          <PencilIcon />
                        </IconButton>
                        {p.isPrimary ? null : (
                          <IconButton
                            size="sm"
                            variant="ghost"
                            aria-label={`Remove ${name}`}
                            disabled={busy}
                            onClick={() => setRemoving(p)}
                          >
                            <TrashIcon />
                          </IconButton>
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
            { title: 'Participant Added', failed: 'Failed to add participant' },
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
            { title: 'Participant Updated', failed: 'Failed to update participant' },
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
            <Dialog.Title>Remove Participant</Dialog.Title>
            <Dialog.Description>
              Remove {removing?.firstName} {removing?.lastName} from this booking? Their seat is freed and the
              total is worked out again.
            </Dialog.Description>
          </Dialog.Header>
          <Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <Button variant="outline">Cancel</Button>
            </Dialog.CloseTrigger>
            <Button
              variant="danger"
              loading={busy}
              loadingText="Removing..."
              onClick={() => {
                const target = removing;
                if (!target) return;
                void run(
                  () => removeParticipant(booking.referenceNumber, target.id),
                  { title: 'Participant Removed', failed: 'Failed to remove participant' },
                  () => setRemoving(null),
                );
              }}
            >
              Remove
            </Button>
          </Dialog.Footer>
          <Dialog.CloseButton />
        </Dialog.Portal>
      </Dialog.Root>
    </Card.Root>
  );
}
