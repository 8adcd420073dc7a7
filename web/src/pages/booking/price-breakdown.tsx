import { formatSGD, type PriceBreakdown, withGstCents, withGstShares } from '@hs/domain';
import { css, cx } from 'styled-system/css';
import { Skeleton } from '../../components/ui/skeleton';
import { toCents } from '../../public/money';
import type { Quote } from '../../public/types';
import { useTranslation } from '../../i18n';

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
const saving = cx(row, css({ color: 'success.text' }));

/**
 * The lines as the public sees them: GST included (IRAS), each participant's price, then the group
 * discount and the code, adding up to the total to the cent (withGstShares puts each rounding on its
 * own line). The GST inside the total is shown under it.
 */
export function inclusiveLines(view: BreakdownView) {
  const volume = Math.min(
    view.volumeDiscount,
    view.lines.reduce((a, l) => a + l.appliedPrice, 0),
  );
  const code = Math.min(view.discountAmount, view.subtotal);
  const shares = withGstShares([...view.lines.map((l) => l.appliedPrice), -volume, -code]);
  return {
    people: view.lines.map((l, i) => ({ ...l, shown: shares[i] ?? 0, shownBase: withGstCents(l.basePrice) })),
    volumeDiscount: -(shares[view.lines.length] ?? 0),
    codeDiscount: -(shares[view.lines.length + 1] ?? 0),
  };
}

export function PriceBreakdownTable({ view, updating }: { view: BreakdownView; updating?: boolean }) {
  const { t } = useTranslation();
  const shown = inclusiveLines(view);
  return (
    <section
      aria-labelledby="price-heading"
      aria-busy={updating ? 'true' : undefined}
      data-testid="price-breakdown"
    >
      <h3 id="price-heading" className={css({ fontWeight: 'semibold', mb: '2' })}>
        {t('review.priceBreakdown')}
        <span className={css({ ml: '1.5', fontSize: 'xs', fontWeight: 'normal', color: 'fg.muted' })}>
          ({t('wizard.inclGst')})
        </span>
      </h3>
      <ul className={css({ fontSize: 'sm' })}>
        {shown.people.map((l, i) => (
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
                <s className={css({ color: 'fg.muted', mr: '1.5' })}>{formatSGD(l.shownBase)}</s>
              ) : null}
              {formatSGD(l.shown)}
            </span>
          </li>
        ))}
      </ul>
      <dl className={css({ fontSize: 'sm' })}>
        {shown.volumeDiscount > 0 ? (
          <div className={saving}>
            <dt>{t('review.groupDiscount', { percent: view.volumeDiscountPercent })}</dt>
            <dd className={num}>-{formatSGD(shown.volumeDiscount)}</dd>
          </div>
        ) : null}
        {shown.codeDiscount > 0 ? (
          <div className={saving}>
            <dt>
              {t('review.discount')}
              {view.discountLabel ? ` (${view.discountLabel})` : ''}
            </dt>
            <dd className={num}>-{formatSGD(shown.codeDiscount)}</dd>
          </div>
        ) : null}
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
        <div className={cx(row, css({ color: 'fg.muted', fontSize: 'xs' }))}>
          <dt>{t('review.gstIncluded')}</dt>
          <dd className={num}>{formatSGD(view.gst)}</dd>
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
