import { useState } from 'react';
import useSWR from 'swr';
import { css } from 'styled-system/css';
import { Grid, HStack, Stack } from 'styled-system/jsx';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import * as Card from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { Switch } from '../../components/ui/switch';
import { toaster } from '../../components/ui/toaster';
import { ApiError, api } from '../../lib/api';
import { Notice } from '../../components/notice';
import { DetailList } from '../../public/detail-list';
import { SectionHeader } from '../components/section';
import { useAsyncAction } from '../components/use-async-action';
import { ADMIN_PATHS } from '../lib/admin-api';
import type { PaymentTestModeAnswer } from '@hs/contracts';
import { ConfirmDialog } from '../components/confirm-dialog';
import { ProviderCheck } from './provider-check';
import { PayNowCard } from './paynow-card';
import { SeatHoldCard } from './seat-hold-card';
import { CompanySettingsCard } from '../invoices/company-settings-card';

export const PAYMENT_MESSAGES = {
  fetchFailed: 'Failed to fetch payment test mode status',
  connection: 'Error connecting to the server. Please try again.',
  updateFailed: 'Failed to update payment test mode',
  server: 'Server error. Please try again.',
} as const;

function loadErrorText(error: unknown): string {
  return error instanceof ApiError ? PAYMENT_MESSAGES.fetchFailed : PAYMENT_MESSAGES.connection;
}

/** Why the mode did not change: the server's message, a server error, or no connection. */
function toastModeFailure(e: unknown) {
  if (e instanceof ApiError) {
    const description =
      e.status >= 500 ? PAYMENT_MESSAGES.server : (e.serverMessage ?? PAYMENT_MESSAGES.updateFailed);
    toaster.create({ title: 'Update failed', description, type: 'error' });
  } else {
    toaster.create({ title: 'Connection error', description: PAYMENT_MESSAGES.connection, type: 'error' });
  }
}

export function PaymentsTab() {
  const { data, error, isLoading, mutate } = useSWR<PaymentTestModeAnswer>(ADMIN_PATHS.paymentTestMode);
  const { pending, run } = useAsyncAction();
  const [confirmLive, setConfirmLive] = useState(false);
  const testMode = data?.testMode ?? false;
  /** Back to test mode at once; to live mode only through the confirmation (issue 45). */
  const requestMode = (enabled: boolean) => (enabled ? void setMode(true) : setConfirmLive(true));

  const setMode = (enabled: boolean) =>
    run(async () => {
      const answer = await api.post<PaymentTestModeAnswer>(ADMIN_PATHS.paymentTestMode, { enabled });
      if (!answer?.success) throw new ApiError(500, JSON.stringify(answer ?? {}));
      await mutate(answer, { revalidate: false });
      toaster.create({ title: 'Payment settings updated', description: answer.message, type: 'success' });
    }, toastModeFailure);

  return (
    <section aria-labelledby="payments-heading">
      <SectionHeader
        id="payments-heading"
        title="Payments"
        description="Card payments run through the payment provider; test mode uses its sandbox."
      />
      {isLoading ? (
        <Stack gap="3" aria-busy="true" aria-label="Loading">
          <Skeleton h="24" />
          <Skeleton h="32" />
        </Stack>
      ) : error || !data ? (
        <Notice tone="danger">
          <span>{loadErrorText(error)}</span>
        </Notice>
      ) : (
        <Grid columns={{ base: 1, lg: 2 }} gap="4" alignItems="start">
          <Card.Root>
            <Card.Header>
              <Card.Title>Payment Test Mode</Card.Title>
              <Card.Description>
                In test mode no real charges are made: bookings are paid through the sandbox.
              </Card.Description>
            </Card.Header>
            <Card.Body>
              <Stack gap="4">
                <Switch checked={testMode} disabled={pending} onCheckedChange={(e) => requestMode(e.checked)}>
                  Payment Test Mode
                </Switch>
                {testMode ? (
                  <Notice tone="warning" size="sm">
                    <span>
                      Test mode is on. Payments are simulated and customers are not charged. Switch to live
                      mode before taking real bookings.
                    </span>
                  </Notice>
                ) : null}
                <div>
                  <Button
                    variant={testMode ? 'solid' : 'outline'}
                    loading={pending}
                    onClick={() => requestMode(!testMode)}
                  >
                    {testMode ? 'Switch to Live Mode' : 'Enable Test Mode'}
                  </Button>
                </div>
              </Stack>
            </Card.Body>
            <Card.Footer justifyContent="flex-start">
              <HStack gap="2" textStyle="sm" color="fg.muted">
                <span>Current mode:</span>
                <Badge tone={testMode ? 'warning' : 'success'}>{testMode ? 'Test' : 'Live'}</Badge>
              </HStack>
            </Card.Footer>
          </Card.Root>
          <Card.Root variant="subtle">
            <Card.Header>
              <Card.Title>Payment Provider</Card.Title>
              <Card.Description>Read-only: set in the server configuration.</Card.Description>
            </Card.Header>
            <Card.Body>
              <DetailList
                layout="side"
                rows={[
                  ['Provider', data.provider.name],
                  ['Environment', data.provider.environment],
                  [
                    'Merchant ID',
                    <span key="merchant" className={css({ fontFamily: 'mono' })}>
                      {data.provider.merchantId}
                    </span>,
                  ],
                  ['Merchant Account', data.provider.merchantAccountName],
                  [
                    'Status',
                    <Badge key="status" tone={data.provider.configured ? 'success' : 'warning'}>
                      {data.provider.configured ? 'Configured' : 'Not configured'}
                    </Badge>,
                  ],
                ]}
              />
              <ProviderCheck live={!testMode} />
            </Card.Body>
          </Card.Root>
        </Grid>
      )}
      <ConfirmDialog
        open={confirmLive}
        onOpenChange={setConfirmLive}
        title="Switch to live payments?"
        description="Customers will be charged real money through the payment provider. The server first checks that the provider is configured and answers; if it does not, nothing changes."
        confirmLabel="Switch to live"
        cancelLabel="Keep test mode"
        onConfirm={() => setMode(false)}
      />
      <Grid columns={{ base: 1, lg: 2 }} gap="4" alignItems="start" mt="4">
        <SeatHoldCard />
        <PayNowCard />
        <CompanySettingsCard />
      </Grid>
    </section>
  );
}
