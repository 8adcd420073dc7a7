import useSWR from 'swr';
import { css } from 'styled-system/css';
import { Stack } from 'styled-system/jsx';
import { Notice } from '../../components/notice';
import { Badge } from '../../components/ui/badge';
import * as Card from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { Switch } from '../../components/ui/switch';
import { toaster } from '../../components/ui/toaster';
import { type ApiEnvelope, api } from '../../lib/api';
import { DetailList } from '../../public/detail-list';
import { useAsyncAction } from '../components/use-async-action';
import { ADMIN_PATHS } from '../lib/admin-api';

/** GET / PUT /api/admin/payments/paynow (issue 48). */
export interface PayNowSettings {
  offered: boolean;
  switchedOn: boolean;
  configured: boolean;
  mode: 'test' | 'live' | null;
  secretKey: string;
  webhookSecret: string;
  fakeServer: boolean;
  webhookPath: string;
}

export const PAYNOW_CARD_MESSAGES = {
  loadFailed: 'Failed to load the PayNow settings',
  on: 'Customers can now pay by PayNow.',
  off: 'Customers no longer see PayNow; QRs already shown can still be paid.',
  notConfigured:
    'Not set up: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET on the server, and point a Stripe webhook at the path below.',
} as const;

const mono = css({ fontFamily: 'mono' });

/** Payments tab: the PayNow switch and, read-only, the Stripe keys the server uses (masked). */
export function PayNowCard() {
  const { data, error, isLoading, mutate } = useSWR<ApiEnvelope<PayNowSettings>>(ADMIN_PATHS.payNow);
  const { pending, run } = useAsyncAction();
  const settings = data?.data;

  const setOffered = (enabled: boolean) =>
    run(async () => {
      const answer = await api.put<ApiEnvelope<PayNowSettings>>(ADMIN_PATHS.payNow, { enabled });
      await mutate(answer, { revalidate: false });
      toaster.create({
        title: 'PayNow updated',
        description: enabled ? PAYNOW_CARD_MESSAGES.on : PAYNOW_CARD_MESSAGES.off,
        type: 'success',
      });
    }, 'Failed to update PayNow');

  return (
    <Card.Root>
      <Card.Header>
        <Card.Title>PayNow</Card.Title>
        <Card.Description>
          Customers pay by scanning a PayNow QR; Stripe confirms each payment.
        </Card.Description>
      </Card.Header>
      <Card.Body>
        {isLoading ? (
          <Skeleton h="24" aria-busy="true" aria-label="Loading" />
        ) : error || !settings ? (
          <Notice tone="danger">
            <span>{PAYNOW_CARD_MESSAGES.loadFailed}</span>
          </Notice>
        ) : (
          <Stack gap="4">
            <Switch
              checked={settings.switchedOn && settings.configured}
              disabled={pending || !settings.configured}
              onCheckedChange={(e) => void setOffered(e.checked)}
            >
              Offer PayNow to customers
            </Switch>
            {settings.configured ? null : (
              <Notice tone="warning" size="sm">
                <span>{PAYNOW_CARD_MESSAGES.notConfigured}</span>
              </Notice>
            )}
            <DetailList
              layout="side"
              rows={[
                ['Provider', settings.fakeServer ? 'Stripe (local fake server)' : 'Stripe'],
                ['Mode', settings.mode === 'live' ? 'Live' : settings.mode === 'test' ? 'Test' : '—'],
                [
                  'Secret key',
                  <span key="secret" className={mono}>
                    {settings.secretKey}
                  </span>,
                ],
                [
                  'Webhook secret',
                  <span key="webhook" className={mono}>
                    {settings.webhookSecret}
                  </span>,
                ],
                [
                  'Webhook path',
                  <span key="path" className={mono}>
                    {settings.webhookPath}
                  </span>,
                ],
                [
                  'Status',
                  <Badge key="status" tone={settings.offered ? 'success' : 'warning'}>
                    {settings.offered ? 'Offered' : 'Not offered'}
                  </Badge>,
                ],
              ]}
            />
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
