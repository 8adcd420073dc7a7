import type { AdminOrder } from '@hs/contracts';
import { css } from 'styled-system/css';
import { HStack } from 'styled-system/jsx';
import { Badge } from '../../components/ui/badge';
import { formatAdminDateTime } from '../lib/admin-api';
import { formatPrice } from './packages-tab';

const KIND_LABELS = { void: 'Void', refund: 'Refund' } as const;
const STATUS_LABELS = { succeeded: 'Succeeded' } as const;

/** An order's refunds, oldest first: amount, kind, status, when (Singapore time) and the gateway's id. */
export function RefundsList({ refunds }: { refunds: AdminOrder['refunds'] }) {
  return (
    <ul aria-label="Refunds" className={css({ display: 'grid', gap: '3' })}>
      {refunds.map((r) => (
        <li
          key={r.id}
          className={css({
            textStyle: 'sm',
            pb: '3',
            borderBottomWidth: '1px',
            borderColor: 'border.subtle',
            _last: { pb: '0', borderBottomWidth: '0' },
          })}
        >
          <HStack gap="2" flexWrap="wrap">
            <span className={css({ fontWeight: 'semibold' })}>{formatPrice(r.amount)}</span>
            <Badge tone="neutral">{KIND_LABELS[r.kind]}</Badge>
            <Badge tone="success">{STATUS_LABELS[r.status]}</Badge>
            <time dateTime={r.createdAt} className={css({ color: 'fg.muted', textStyle: 'xs' })}>
              {formatAdminDateTime(r.createdAt)} SGT
            </time>
          </HStack>
          <p className={css({ color: 'fg.muted', wordBreak: 'break-all' })}>
            Transaction <span className={css({ fontFamily: 'mono' })}>{r.transactionId}</span>
          </p>
          {r.reason ? <p className={css({ wordBreak: 'break-word' })}>{r.reason}</p> : null}
        </li>
      ))}
    </ul>
  );
}
