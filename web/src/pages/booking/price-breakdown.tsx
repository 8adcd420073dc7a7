import { formatSGD, type PriceBreakdown } from '@hs/domain';
import { css, cx } from 'styled-system/css';
import { Skeleton } from '../../components/ui/skeleton';
import { toCents } from '../../public/money';
import type { Quote } from '../../public/types';
import { useTranslation } from 'react-i18next';

/** The breakdown as shown: the server quote when present, else the client preview (same shape). */
export interface BreakdownView {
  lines: {
    name: string;
    packageName: string;
    basePrice: number;
    appliedPrice: number;
    memberPrice: boolean;
    lineTotal: number;
  }[];
  volumeDiscountPercent: number;
  baseTotal: number;
  memberDiscount: number;
  volumeDiscount: number;
  subtotal: number;
  discountAmount: number;
  discountLabel: string | null;
  gst: number;
  total: number;
  partnerPaid: number;
  balanceDue: number;
}

export function viewFromQuote(q: Quote): BreakdownView {
  return {
    lines: q.participants.map((p) => ({
      name: p.name,
      packageName: p.packageName,
      basePrice: toCents(p.basePrice),
      appliedPrice: toCents(p.appliedPrice),
      memberPrice: p.memberPrice,
      lineTotal: toCents(p.lineTotal),
    })),
    volumeDiscountPercent: q.volumeDiscountPercent,
    baseTotal: toCents(q.baseTotal),
    memberDiscount: toCents(q.memberDiscount),
    volumeDiscount: toCents(q.volumeDiscount),
    subtotal: toCents(q.subtotal),
    discountAmount: toCents(q.discountAmount),
    discountLabel: q.discountLabel ?? null,
    gst: toCents(q.gst),
    total: toCents(q.total),
    partnerPaid: toCents(q.partnerPaid),
    balanceDue: toCents(q.balanceDue),
  };
}

export function viewFromPreview(
  p: PriceBreakdown,
  names: { name: string; packageName: string }[],
  discountLabel: string | null,
): BreakdownView {
  return {
    lines: p.participants.map((l, i) => ({
      name: names[i]?.name ?? '',
      packageName: names[i]?.packageName ?? '',
      basePrice: l.basePriceCents,
      appliedPrice: l.appliedPriceCents,
      memberPrice: l.usedMemberPrice,
      lineTotal: l.lineTotalCents,
    })),
    volumeDiscountPercent: p.volumeDiscountPercent,
    baseTotal: p.baseTotalCents,
    memberDiscount: p.memberDiscountCents,
    volumeDiscount: p.volumeDiscountCents,
    subtotal: p.subtotalCents,
    discountAmount: p.discountCents,
    discountLabel,
    gst: p.gstCents,
    total: p.totalCents,
    partnerPaid: p.partnerPaidCents,
    balanceDue: p.balanceDueCents,
  };
}

const row = css({ display: 'flex', justifyContent: 'space-between', gap: '4', py: '1' });
const num = css({ fontVariantNumeric: 'tabular-nums', textAlign: 'right', whiteSpace: 'nowrap' });

export function PriceBreakdownTable({ view, updating }: { view: BreakdownView; updating?: boolean }) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="price-heading"
      aria-busy={updating ? 'true' : undefined}
      data-testid="price-breakdown"
    >
      <h3 id="price-heading" className={css({ fontWeight: 'semibold', mb: '2' })}>
        {t('review.priceBreakdown')}
      </h3>
      <ul
        className={css({
          fontSize: 'sm',
          borderBottomWidth: '1px',
          borderColor: 'border.default',
          pb: '2',
          mb: '2',
        })}
      >
        {view.lines.map((l, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id; the order is the participants' order
          <li key={`${l.name}-${i}`} className={row}>
            <span>
              {l.name || t('review.participantN', { n: i + 1 })}
              <span className={css({ color: 'fg.muted' })}> · {l.packageName}</span>
              {l.memberPrice ? (
                <span
                  className={css({ ml: '1.5', fontSize: 'xs', color: 'accent.text', fontWeight: 'medium' })}
                >
                  {t('review.aiaMemberPrice')}
                </span>
              ) : null}
            </span>
            <span className={num}>
              {l.memberPrice && l.basePrice !== l.appliedPrice ? (
                <s className={css({ color: 'fg.muted', mr: '1.5' })}>{formatSGD(l.basePrice)}</s>
              ) : null}
              {formatSGD(l.appliedPrice)}
            </span>
          </li>
        ))}
      </ul>
      <dl className={css({ fontSize: 'sm' })}>
        <div className={row}>
          <dt>{t('review.basePrice')}</dt>
          <dd className={num}>{formatSGD(view.baseTotal)}</dd>
        </div>
        {view.memberDiscount > 0 ? (
          <div className={cx(row, css({ color: 'success.text' }))}>
            <dt>{t('review.aiaMemberDiscount')}</dt>
            <dd className={num}>-{formatSGD(view.memberDiscount)}</dd>
          </div>
        ) : null}
        {view.volumeDiscount > 0 ? (
          <div className={cx(row, css({ color: 'success.text' }))}>
            <dt>{t('review.groupDiscount', { percent: view.volumeDiscountPercent })}</dt>
            <dd className={num}>-{formatSGD(view.volumeDiscount)}</dd>
          </div>
        ) : null}
        <div className={row}>
          <dt>{t('review.subtotal')}</dt>
          <dd className={num}>{formatSGD(view.subtotal)}</dd>
        </div>
        {view.discountAmount > 0 ? (
          <div className={cx(row, css({ color: 'success.text' }))}>
            <dt>
              {t('review.discount')}
              {view.discountLabel ? ` (${view.discountLabel})` : ''}
            </dt>
            <dd className={num}>-{formatSGD(view.discountAmount)}</dd>
          </div>
        ) : null}
        <div className={row}>
          <dt>{t('review.gst')}</dt>
          <dd className={num}>{formatSGD(view.gst)}</dd>
        </div>
        <div
          className={cx(
            row,
            css({
              fontWeight: 'bold',
              fontSize: 'md',
              borderTopWidth: '1px',
              borderColor: 'border.default',
              pt: '2',
              mt: '1',
            }),
          )}
        >
          <dt>{t('review.total')}</dt>
          <dd className={num}>{formatSGD(view.total)}</dd>
        </div>
        {view.partnerPaid > 0 ? (
          <>
            <div className={row}>
              <dt>{t('review.paidWhiteCoat')}</dt>
              <dd className={num}>-{formatSGD(view.partnerPaid)}</dd>
            </div>
            <div className={cx(row, css({ fontWeight: 'bold' }))}>
              <dt>{t('review.balanceDue')}</dt>
              <dd className={num}>{formatSGD(view.balanceDue)}</dd>
            </div>
          </>
        ) : null}
      </dl>
    </section>
  );
}

export function PriceBreakdownSkeleton() {
  return (
    <div aria-busy="true" className={css({ display: 'grid', gap: '2' })}>
      <Skeleton shape="line" />
      <Skeleton shape="line" />
      <Skeleton shape="line" w="60%" />
    </div>
  );
}
