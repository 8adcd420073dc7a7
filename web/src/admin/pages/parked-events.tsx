import useSWR from 'swr';
import { css } from 'styled-system/css';
import type { ParkedEvent } from '@hs/contracts';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import * as Table from '../../components/ui/table';
import { type ApiEnvelope, api } from '../../lib/api';
import { ListTable } from '../components/list-table';
import { ListState, Section, refreshingListState } from '../components/section';
import { ADMIN_PATHS, formatAdminTimestamp, toastSuccess } from '../lib/admin-api';
import { useRowAction } from '../lib/use-row-action';

const parkedKey = (p: ParkedEvent) => `${p.subscriber}/${p.eventId}`;

/**
 * Events a projection or the reactor parked (issue 43): each was skipped after failing a few times so the
 * rest of the log could go on. Retry once the cause is fixed; the later events of its stream go with it.
 */
export function ParkedEvents({ refreshMs }: { refreshMs: number }) {
  const { data, error, isLoading, mutate } = useSWR<ApiEnvelope<ParkedEvent[]>>(ADMIN_PATHS.parkedEvents, {
    refreshInterval: refreshMs,
  });
  const retrying = useRowAction();
  const rows = data?.data ?? [];

  const retry = (p: ParkedEvent) =>
    retrying.run(
      parkedKey(p),
      async () => {
        await api.post(
          `${ADMIN_PATHS.parkedEvents}/${encodeURIComponent(p.subscriber)}/${encodeURIComponent(p.eventId)}/retry`,
        );
        toastSuccess('Retry asked', `${p.subscriber} will apply ${p.eventType} of ${p.streamId} again.`);
        await mutate();
      },
      'Failed to retry',
    );

  return (
    <Section
      id="parked-heading"
      title="Parked events"
      description="Events a read model or reactor could not handle after several tries. It skipped them and went on; retry once the cause is fixed."
    >
      <ListState
        {...refreshingListState({ data, error, isLoading })}
        isEmpty={rows.length === 0}
        empty="No parked events: every read model and reactor has handled the whole log."
      >
        <ListTable caption="Parked events" columns={['Parked by', 'Event', 'Error', 'Parked']} actions>
          {rows.map((p) => (
            <Table.Row key={parkedKey(p)}>
              <Table.Cell>
                <Badge tone="danger">{p.subscriber}</Badge>
              </Table.Cell>
              <Table.Cell>
                <span className={css({ fontWeight: 'medium' })}>{p.eventType}</span>{' '}
                <span className={css({ fontFamily: 'mono', textStyle: 'xs' })}>
                  {p.streamId} v{p.streamVersion}
                </span>
              </Table.Cell>
              <Table.Cell color="danger.text" maxW="md">
                {p.attempts > 0 ? `${p.error} (${p.attempts} tries)` : p.error}
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap">{formatAdminTimestamp(p.parkedAt)}</Table.Cell>
              <Table.Cell textAlign="right">
                {p.retryRequestedAt ? (
                  <Badge tone="info">Retry pending</Badge>
                ) : (
                  <Button
                    size="sm"
                    variant="outline"
                    loading={retrying.running === parkedKey(p)}
                    onClick={() => void retry(p)}
                    aria-label={`Retry ${p.eventType} of ${p.streamId} for ${p.subscriber}`}
                  >
                    Retry
                  </Button>
                )}
              </Table.Cell>
            </Table.Row>
          ))}
        </ListTable>
      </ListState>
    </Section>
  );
}
