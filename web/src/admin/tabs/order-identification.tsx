import { useState } from 'react';
import { css } from 'styled-system/css';
import { useAsyncAction } from '../components/use-async-action';
import { Button } from '../../components/ui/button';
import {
  downloadPersonalData,
  type RevealedIdentification,
  revealIdentification,
} from '../lib/personal-data';

/**
 * Identification numbers in the order dialog (issue 24): masked as the api sends them; an admin's
 * Reveal asks the api for the clear numbers (recorded on the order's timeline naming them, and
 * audited) and shows them until the dialog closes. Nothing revealed is kept anywhere else.
 */
export function useRevealedIdentification(orderId: number) {
  const [revealed, setRevealed] = useState<RevealedIdentification[] | null>(null);
  const { pending, run } = useAsyncAction();
  const reveal = () =>
    run(async () => {
      const ids = await revealIdentification(orderId);
      if (ids) setRevealed(ids);
    });
  return { revealed, reveal, pending };
}

/** The masked number, or the revealed one; Reveal beside it for an admin until revealed. */
export function IdentificationValue({
  masked,
  clear,
  canReveal,
  pending,
  onReveal,
}: {
  masked: string | null | undefined;
  clear: string | null | undefined;
  canReveal: boolean;
  pending: boolean;
  onReveal: () => void;
}) {
  if (!masked && !clear) return null;
  return (
    <span className={css({ display: 'inline-flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
      <span className={css({ fontFamily: 'mono' })} data-testid="identification-number">
        {clear ?? masked}
      </span>
      {canReveal && !clear ? (
        <Button
          size="sm"
          variant="outline"
          loading={pending}
          onClick={onReveal}
          title="Shows the full numbers; recorded in the order history with your name"
        >
          Reveal
        </Button>
      ) : null}
    </span>
  );
}

/** Access request: everything held about the order's people, as a JSON download (admin only, audited). */
export function PersonalDataDownload({ order }: { order: { id: number; referenceNumber: string } }) {
  const { pending, run } = useAsyncAction();
  return (
    <Button variant="outline" loading={pending} onClick={() => run(() => downloadPersonalData(order))}>
      Download personal data
    </Button>
  );
}
