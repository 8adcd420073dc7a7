import useSWR from 'swr';
import { css, cx } from 'styled-system/css';
import { HStack, Stack } from 'styled-system/jsx';
import { panel } from 'styled-system/recipes';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import * as Table from '../../components/ui/table';
import { type ApiEnvelope, ApiError, api } from '../../lib/api';
import { ListTable } from '../components/list-table';
import { Notice } from '../../components/notice';
import { PageTitle } from '../components/page-title';
import { ListState, Section, refreshingListState } from '../components/section';
import { ADMIN_PATHS, formatAdminTimestamp, toastSuccess } from '../lib/admin-api';
import { useRowAction } from '../lib/use-row-action';
import type { SubscriptionStatus } from '@hs/contracts';
import { ParkedEvents } from './parked-events';
import { type FailedJob, type QueueView, normalizeQueues } from '../lib/queues';

export { type FailedJob, type QueueView, normalizeQueues } from '../lib/queues';

export const SYSTEM_REFRESH_MS = 5_000;

const COUNT_ORDER = ['waiting', 'active', 'delayed', 'completed', 'failed', 'paused'];

type QueuesState = { available: true; queues: QueueView[] } | { available: false; reason: string };

/** 404 (not deployed yet) or 503 (Redis unreachable) read as "unavailable", not as an error. */
async function fetchQueues(path: string): Promise<QueuesState> {
  try {
    return { available: true, queues: normalizeQueues(await api.get<unknown>(path)) };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 503)) {
      return {
        available: false,
        reason:
          error.status === 404
            ? 'This server does not report its job queues yet.'
            : (error.serverMessage ?? 'The queue store cannot be reached right now.'),
      };
    }
    throw error;
  }
}

function lagTone(s: SubscriptionStatus): 'success' | 'warning' | 'danger' {
  if (s.stalled) return 'danger';
  if (s.lagEvents === 0) return 'success';
  return s.lagSeconds > 60 ? 'danger' : 'warning';
}

function formatLagSeconds(seconds: number): string {
  if (seconds < 1) return '< 1 s';
  if (seconds < 120) return `${Math.round(seconds)} s`;
  if (seconds < 7200) return `${Math.round(seconds / 60)} min`;
  return `${Math.round(seconds / 3600)} h`;
}

function Subscriptions() {
  const { data, error, isLoading } = useSWR<ApiEnvelope<SubscriptionStatus[]>>(ADMIN_PATHS.subscriptions, {
    refreshInterval: SYSTEM_REFRESH_MS,
  });
  const rows = data?.data ?? [];
  return (
    <Section
      id="subscriptions-heading"
      title="Projections and reactors"
      description="How far each read model and background reactor is behind the event log, and which worker holds it."
    >
      <ListState
        {...refreshingListState({ data, error, isLoading })}
        isEmpty={rows.length === 0}
        empty="No projections or reactors have started yet."
      >
        <ListTable
          caption="Projections and reactors"
          columns={['Name', 'Lag', 'Behind by', 'Checkpoint', 'Last progress', 'Held by']}
        >
          {rows.map((s) => (
            <Table.Row key={s.name}>
              <Table.Cell fontWeight="medium">{s.name}</Table.Cell>
              <Table.Cell>
                <HStack gap="2" flexWrap="wrap">
                  <Badge tone={lagTone(s)}>
                    {s.lagEvents === 0
                      ? 'Up to date'
                      : `${s.stalled ? 'Stalled: ' : ''}${s.lagEvents} ${s.lagEvents === 1 ? 'event' : 'events'}`}
                  </Badge>
                  {s.parkedEvents > 0 ? <Badge tone="danger">{s.parkedEvents} parked</Badge> : null}
                </HStack>
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap">
                {s.lagEvents === 0 ? '—' : formatLagSeconds(s.lagSeconds)}
              </Table.Cell>
              <Table.Cell fontFamily="mono" textStyle="xs">
                {s.checkpoint}
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap">{formatAdminTimestamp(s.checkpointUpdatedAt)}</Table.Cell>
              <Table.Cell>
                {s.holder ? (
                  <HStack gap="2">
                    <span className={css({ fontFamily: 'mono', textStyle: 'xs' })}>{s.holder}</span>
                    <Badge tone={s.leaseActive ? 'success' : 'neutral'}>
                      {s.leaseActive ? 'Lease active' : 'Lease expired'}
                    </Badge>
                  </HStack>
                ) : (
                  <Badge tone="warning">No worker</Badge>
                )}
              </Table.Cell>
            </Table.Row>
          ))}
        </ListTable>
      </ListState>
    </Section>
  );
}

function Queues() {
  const { data, error, isLoading, mutate } = useSWR<QueuesState>(ADMIN_PATHS.queues, fetchQueues, {
    refreshInterval: SYSTEM_REFRESH_MS,
  });
  const retrying = useRowAction();

  const retry = (queue: string, job: FailedJob) =>
    retrying.run(
      `${queue}/${job.id}`,
      async () => {
        const res = await api.post<{ message?: string }>(
          `${ADMIN_PATHS.queues}/${encodeURIComponent(queue)}/jobs/${encodeURIComponent(job.id)}/retry`,
        );
        toastSuccess('Job retried', res?.message ?? `${queue} job ${job.id} is queued again.`);
        await mutate();
      },
      'Failed to retry job',
    );

  return (
    <Section
      id="queues-heading"
      title="Job queues"
      description="Emails, reminders and partner confirmations waiting, running and failed."
    >
      {data && !data.available ? (
        <Notice tone="warning">
          <div>
            <p className={css({ fontWeight: 'semibold' })}>Queue status unavailable</p>
            <p className={css({ textStyle: 'sm' })}>{data.reason}</p>
          </div>
        </Notice>
      ) : (
        <ListState
          {...refreshingListState({ data, error, isLoading })}
          isEmpty={data?.available === true && data.queues.length === 0}
          empty="No queues found."
        >
          <Stack gap="4">
            {data?.available
              ? data.queues.map((q) => (
                  <article
                    key={q.name}
                    aria-label={`Queue ${q.name}`}
                    className={cx(panel(), css({ p: '4' }))}
                  >
                    <HStack justify="space-between" flexWrap="wrap" gap="2" mb="2">
                      <h3 className={css({ fontWeight: 'semibold', fontFamily: 'mono' })}>{q.name}</h3>
                      <HStack gap="2" flexWrap="wrap">
                        {[
                          ...COUNT_ORDER.filter((k) => k in q.counts),
                          ...Object.keys(q.counts).filter((k) => !COUNT_ORDER.includes(k)),
                        ].map((k) => (
                          <Badge
                            key={k}
                            tone={k === 'failed' && (q.counts[k] ?? 0) > 0 ? 'danger' : 'neutral'}
                          >
                            {k}: {q.counts[k]}
                          </Badge>
                        ))}
                      </HStack>
                    </HStack>
                    {q.failed.length > 0 ? (
                      <ListTable
                        caption={`Failed jobs of ${q.name}`}
                        columns={['Job', 'Reason', 'Attempts', 'Failed']}
                        actions
                      >
                        {q.failed.map((job) => (
                          <Table.Row key={job.id}>
                            <Table.Cell fontFamily="mono" textStyle="xs">
                              {job.name ? `${job.name} ` : ''}#{job.id}
                            </Table.Cell>
                            <Table.Cell color="danger.text" maxW="md">
                              {job.reason}
                            </Table.Cell>
                            <Table.Cell>{job.attempts ?? '—'}</Table.Cell>
                            <Table.Cell whiteSpace="nowrap">
                              {job.failedAt ? formatAdminTimestamp(job.failedAt) : '—'}
                            </Table.Cell>
                            <Table.Cell textAlign="right">
                              <Button
                                size="sm"
                                variant="outline"
                                loading={retrying.running === `${q.name}/${job.id}`}
                                onClick={() => void retry(q.name, job)}
                                aria-label={`Retry ${q.name} job ${job.id}`}
                              >
                                Retry
                              </Button>
                            </Table.Cell>
                          </Table.Row>
                        ))}
                      </ListTable>
                    ) : (
                      <p className={css({ color: 'fg.muted', textStyle: 'sm' })}>No failed jobs.</p>
                    )}
                  </article>
                ))
              : null}
          </Stack>
        </ListState>
      )}
    </Section>
  );
}

/** /admin/system: projection and reactor lag, their parked events, and the job queues with failed jobs and Retry. */
export default function SystemPage() {
  return (
    <>
      <PageTitle>System</PageTitle>
      <Subscriptions />
      <ParkedEvents refreshMs={SYSTEM_REFRESH_MS} />
      <Queues />
    </>
  );
}
