import { useState } from 'react';
import useSWR from 'swr';
import type { IssuedDocumentView } from '@hs/contracts';
import { css } from 'styled-system/css';
import { HStack } from 'styled-system/jsx';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { type ApiEnvelope, api } from '../../lib/api';
import { ADMIN_PATHS, failureMessage, formatAdminDateTime, toastError } from '../lib/admin-api';
import { saveBlob } from '../lib/orders';
import { formatPrice } from '../tabs/packages-tab';

export const orderInvoicesKey = (orderId: number) => `${ADMIN_PATHS.orders}/${orderId}/invoices`;

/** GET /api/admin/invoices/{number}/pdf, saved as {number}.pdf. */
async function downloadDocument(number: string): Promise<void> {
  try {
    const blob = await api.get<Blob>(`/api/admin/invoices/${encodeURIComponent(number)}/pdf`, {
      responseType: 'blob',
    });
    saveBlob(blob, `${number}.pdf`);
  } catch (error) {
    toastError(`Failed to download ${number}: ${failureMessage(error)}`);
  }
}

export function DownloadButton({ number }: { number: string }) {
  const [pending, setPending] = useState(false);
  return (
    <Button
      size="sm"
      variant="outline"
      loading={pending}
      aria-label={`Download ${number} (PDF)`}
      onClick={async () => {
        setPending(true);
        await downloadDocument(number);
        setPending(false);
      }}
    >
      Download PDF
    </Button>
  );
}

/** The order's issued invoices and credit notes (issue 25), each with its PDF as issued. */
export function OrderInvoices({ orderId }: { orderId: number }) {
  const { data, error, isLoading } = useSWR<ApiEnvelope<IssuedDocumentView[]>>(orderInvoicesKey(orderId));
  if (isLoading) return <Skeleton h="10" aria-label="Loading invoices" />;
  if (error || !data) {
    return (
      <p role="alert" className={css({ color: 'danger.text', textStyle: 'sm' })}>
        Failed to load the invoices: {failureMessage(error)}
      </p>
    );
  }
  if (data.data.length === 0) {
    return (
      <p className={css({ color: 'fg.muted', textStyle: 'sm' })}>
        No invoice yet: one is issued once the order is paid or confirmed.
      </p>
    );
  }
  return (
    <ul aria-label="Invoices and credit notes" className={css({ display: 'grid', gap: '3' })}>
      {data.data.map((d) => (
        <li key={d.number} className={css({ textStyle: 'sm' })}>
          <HStack gap="2" flexWrap="wrap" justify="space-between">
            <HStack gap="2" flexWrap="wrap">
              <span className={css({ fontFamily: 'mono', fontWeight: 'semibold' })}>{d.number}</span>
              <Badge tone={d.kind === 'invoice' ? 'neutral' : 'warning'}>{d.title}</Badge>
              <span>{formatPrice(d.total)}</span>
              <time dateTime={d.issuedAt} className={css({ color: 'fg.muted', textStyle: 'xs' })}>
                {formatAdminDateTime(d.issuedAt)} SGT
              </time>
            </HStack>
            <DownloadButton number={d.number} />
          </HStack>
          {d.originalInvoiceNumber ? (
            <p className={css({ color: 'fg.muted' })}>Against invoice {d.originalInvoiceNumber}</p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
