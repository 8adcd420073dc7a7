import { useEffect, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import { HStack, Stack } from 'styled-system/jsx';
import type { PaymentProviderCheck } from '@hs/contracts';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { type ApiEnvelope, api } from '../../lib/api';
import { ADMIN_PATHS, failureMessage, formatAdminTimestamp } from '../lib/admin-api';

/**
 * "Test connection" (issue 45): asks the server whether live payments would work now (the provider is
 * configured and gives a client token, as every payment page asks first) and shows what it found.
 * In live mode it runs by itself when the tab opens: a broken provider must not look healthy.
 */
export function ProviderCheck({ live = false }: { live?: boolean }) {
  const [checking, setChecking] = useState(false);
  const [result, setResult] = useState<PaymentProviderCheck | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = async () => {
    setChecking(true);
    setError(null);
    try {
      const answer = await api.post<ApiEnvelope<PaymentProviderCheck>>(ADMIN_PATHS.paymentProviderCheck);
      setResult(answer.data);
    } catch (e) {
      setError(failureMessage(e));
    } finally {
      setChecking(false);
    }
  };

  const ranLive = useRef(false);
  useEffect(() => {
    if (live && !ranLive.current) {
      ranLive.current = true;
      void run();
    }
  });

  return (
    <Stack gap="2" mt="4">
      <div>
        <Button size="sm" variant="outline" loading={checking} onClick={() => void run()}>
          Test connection
        </Button>
      </div>
      <div aria-live="polite">
        {error ? (
          <p role="alert" className={css({ color: 'danger.text', textStyle: 'sm' })}>
            Could not run the check: {error}
          </p>
        ) : result ? (
          <Stack gap="1" textStyle="sm">
            <HStack gap="2">
              <Badge tone={result.ok ? 'success' : 'danger'}>
                {result.ok ? 'Live payments work' : 'Live payments would fail'}
              </Badge>
              <span className={css({ color: 'fg.muted' })}>{formatAdminTimestamp(result.checkedAt)}</span>
            </HStack>
            <p>{result.message}</p>
          </Stack>
        ) : null}
      </div>
    </Stack>
  );
}
