import { useEffect, useState } from 'react';
import useSWR from 'swr';
import { css } from 'styled-system/css';
import { HStack } from 'styled-system/jsx';
import { Badge } from '../../components/ui/badge';
import * as Field from '../../components/ui/field';
import * as Table from '../../components/ui/table';
import { LabeledSelect } from '../components/labeled-select';
import { ListTable } from '../components/list-table';
import { PageTitle } from '../components/page-title';
import { Pager } from '../components/pager';
import { ListState, Section, refreshingListState } from '../components/section';
import { ADMIN_PATHS, describeActor, formatAdminTimestamp } from '../lib/admin-api';
import type { AuditEntry, AuditPage } from '@hs/contracts';
import { useDebounced } from '../lib/use-debounced';

export const AUDIT_PAGE_SIZE = 25;

export const AUDIT_ENTITIES: { value: string; label: string }[] = [
  { value: 'event', label: 'Events' },
  { value: 'timeslot', label: 'Timeslots' },
  { value: 'package', label: 'Packages' },
  { value: 'discount', label: 'Discounts' },
  { value: 'discount_identifiers', label: 'Discount codes' },
  { value: 'public_holiday', label: 'Holidays' },
  { value: 'email_config', label: 'Email configurations' },
  { value: 'system_setting', label: 'Settings' },
  { value: 'api_key', label: 'API keys' },
];

type Change = { field: string; before: unknown; after: unknown };

/** The fields an entry changed: every key of before/after whose value differs (one side may be absent). */
export function changedFields(before: unknown, after: unknown): Change[] {
  const b = before && typeof before === 'object' ? (before as Record<string, unknown>) : {};
  const a = after && typeof after === 'object' ? (after as Record<string, unknown>) : {};
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter(
    (k) => k !== 'updatedAt' && k !== 'updated_at',
  );
  return keys
    .filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k]))
    .map((k) => ({ field: k, before: b[k], after: a[k] }));
}

function show(value: unknown): string {
  if (value === undefined) return '—';
  if (value === null) return 'null';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

const actionTone = (action: string) =>
  action === 'create' ? 'success' : action === 'delete' ? 'danger' : action === 'update' ? 'info' : 'neutral';

function Changes({ entry }: { entry: AuditEntry }) {
  const changes = changedFields(entry.before, entry.after);
  if (changes.length === 0) return <span className={css({ color: 'fg.muted' })}>—</span>;
  return (
    <details>
      <summary className={css({ cursor: 'pointer', textStyle: 'sm' })}>
        {changes.length} {changes.length === 1 ? 'field' : 'fields'}
        {changes.length <= 4 ? `: ${changes.map((c) => c.field).join(', ')}` : ''}
      </summary>
      <table
        className={css({
          mt: '2',
          textStyle: 'xs',
          borderCollapse: 'collapse',
          '& td, & th': {
            px: '2',
            py: '1',
            textAlign: 'left',
            verticalAlign: 'top',
            borderBottomWidth: '1px',
            borderColor: 'border.subtle',
          },
        })}
      >
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Before</th>
            <th scope="col">After</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((c) => (
            <tr key={c.field}>
              <th scope="row" className={css({ fontFamily: 'mono', fontWeight: 'medium' })}>
                {c.field}
              </th>
              <td className={css({ color: 'danger.text', wordBreak: 'break-all', maxW: '64' })}>
                {show(c.before)}
              </td>
              <td className={css({ color: 'success.text', wordBreak: 'break-all', maxW: '64' })}>
                {show(c.after)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

/** /admin/audit-log: admin changes, newest first: who, what, and before/after. */
export default function AuditLogPage() {
  const [entity, setEntity] = useState('');
  const [actor, setActor] = useState('');
  const actorFilter = useDebounced(actor.trim());
  const [page, setPage] = useState(1);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new filter starts at page 1
  useEffect(() => setPage(1), [entity, actorFilter]);
  const { data, error, isLoading } = useSWR<AuditPage>(
    [
      ADMIN_PATHS.auditLog,
      { entity: entity || undefined, actor: actorFilter || undefined, page, pageSize: AUDIT_PAGE_SIZE },
    ],
    { keepPreviousData: true, refreshInterval: 10_000 },
  );
  const rows = data?.data ?? [];
  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));

  return (
    <>
      <PageTitle>Audit Log</PageTitle>
      <Section
        id="audit-heading"
        title="Admin changes"
        description="Every change made in the back-office: who made it, when (Singapore time), and what it changed."
      >
        <HStack gap="3" mb="4" flexWrap="wrap" alignItems="flex-end">
          <LabeledSelect compact label="Entity" value={entity} onChange={(e) => setEntity(e.target.value)}>
            <option value="">Everything</option>
            {AUDIT_ENTITIES.map((e) => (
              <option key={e.value} value={e.value}>
                {e.label}
              </option>
            ))}
          </LabeledSelect>
          <Field.Root w={{ base: 'full', sm: '64' }}>
            <Field.Label>Actor</Field.Label>
            <Field.Input
              placeholder="e.g. admin:admin"
              value={actor}
              onChange={(e) => setActor(e.target.value)}
            />
          </Field.Root>
        </HStack>
        <ListState
          {...refreshingListState({ data, error, isLoading })}
          isEmpty={rows.length === 0}
          empty="No changes recorded."
        >
          <ListTable caption="Audit log" columns={['When', 'Who', 'Action', 'Entity', 'Changes']}>
            {rows.map((r) => (
              <Table.Row key={r.id}>
                <Table.Cell whiteSpace="nowrap">
                  <time dateTime={r.at}>{formatAdminTimestamp(r.at)}</time>
                </Table.Cell>
                <Table.Cell title={r.actor} whiteSpace="nowrap">
                  {describeActor(r.actor, r.actorRole)}
                </Table.Cell>
                <Table.Cell>
                  <Badge tone={actionTone(r.action)}>{r.action}</Badge>
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">
                  {r.entity}
                  {r.entityId ? <span className={css({ color: 'fg.muted' })}> #{r.entityId}</span> : null}
                </Table.Cell>
                <Table.Cell>
                  <Changes entry={r} />
                </Table.Cell>
              </Table.Row>
            ))}
          </ListTable>
          <Pager total={total} noun={['change', 'changes']} page={page} pages={pages} setPage={setPage} />
        </ListState>
      </Section>
    </>
  );
}
