import { useState } from 'react';
import type { AdminOrder, ErasedOrder } from '@hs/contracts';
import { css } from 'styled-system/css';
import { Button } from '../../components/ui/button';
import { AlertDialog } from '../../components/alert-dialog';
import { TextField } from '../../components/ui/field';
import { type ApiEnvelope, api } from '../../lib/api';
import { ADMIN_PATHS, formatAdminDate, toastSuccess } from '../lib/admin-api';
import { useAsyncAction } from '../components/use-async-action';

/** Issue 24: what the order dialog shows once an order's personal data is erased. */
export const erasedLabel = (erasedAt: string) => `Personal data erased on ${formatAdminDate(erasedAt)}`;

export function ErasedNotice({ erasedAt }: { erasedAt: string }) {
  return (
    <p data-testid="personal-data-erased" className={css({ color: 'fg.muted', textStyle: 'sm' })}>
      {erasedLabel(erasedAt)}
    </p>
  );
}

/**
 * Erase personal data (admin only): a confirmation where the admin types the order's reference, then
 * POST .../erase-personal-data. Cannot be undone: the people's data keys are destroyed.
 */
export function ErasePersonalDataButton({
  order,
  onErased,
}: {
  order: Pick<AdminOrder, 'id' | 'referenceNumber'>;
  onErased: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const { pending, run } = useAsyncAction();
  const matches = typed.trim().toUpperCase() === order.referenceNumber.toUpperCase();

  const erase = () =>
    run(async () => {
      const res = await api.post<ApiEnvelope<ErasedOrder>>(
        `${ADMIN_PATHS.orders}/${order.id}/erase-personal-data`,
      );
      toastSuccess('Personal data erased', erasedLabel(res.data.erasedAt));
      setOpen(false);
      onErased();
    }, 'Failed to erase the personal data');

  return (
    <>
      <Button
        variant="outline"
        onClick={() => {
          setTyped('');
          setOpen(true);
        }}
      >
        Erase personal data…
      </Button>
      <AlertDialog
        open={open}
        onOpenChange={setOpen}
        title="Erase personal data"
        description={`The names, contact details, identification numbers, dates of birth and medical notes of everyone on order ${order.referenceNumber} are erased for good. The order, its amounts and statuses stay.`}
        safeLabel="Keep"
        dangerLabel="Erase"
        pending={pending}
        dangerDisabled={!matches}
        onConfirm={() => void erase()}
      >
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (matches && !pending) void erase();
          }}
        >
          <TextField
            label={`Type ${order.referenceNumber} to confirm`}
            value={typed}
            autoComplete="off"
            onChange={(e) => setTyped(e.currentTarget.value)}
          />
        </form>
      </AlertDialog>
    </>
  );
}
