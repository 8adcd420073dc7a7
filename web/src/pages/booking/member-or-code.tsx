import { DISCOUNT_MESSAGES, formatSGD, toMoneyString } from '@hs/domain';
import { useTranslation, translateMessage as tm } from '../../i18n';
import { css } from 'styled-system/css';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ApiError } from '../../lib/api';
import { validateDiscount } from '../../public/calls';
import { ChoiceGroup } from '../../public/choice-group';
import type { StoredPartnerData } from '../../public/partner-storage';
import type { DiscountResult, DraftParticipant, EventDetail } from '../../public/types';
import { type MemberOrCode, type Membership, NO_MEMBERSHIP, previewPricing } from './wizard-logic';

/** The order as the review step holds it, for pricing each of the two options. */
export interface OrderForChoice {
  event: EventDetail;
  packageId: number | null;
  membership: Membership;
  participants: readonly DraftParticipant[];
  partner: StoredPartnerData | null;
}

/** Both totals (GST in): the member price without the code, and the code at standard prices. */
export function memberOrCodeTotals(order: OrderForChoice, code: DiscountResult) {
  const member = previewPricing({
    ...order,
    membership: { ...order.membership, isAiaMember: true },
    discount: null,
  });
  const withCode = previewPricing({
    ...order,
    membership: { ...order.membership, isAiaMember: false },
    discount: code,
  });
  return { memberCents: member?.totalCents ?? 0, codeCents: withCode?.totalCents ?? 0 };
}

/**
 * A code refused only because it cannot combine with the member price (issue 46): checked again at
 * standard prices and offered beside the member price, the cheaper picked. Null for any other refusal,
 * or when the code does not hold at standard prices either.
 */
export async function offerCodeInstead(
  error: unknown,
  code: string,
  order: OrderForChoice,
): Promise<MemberOrCode | null> {
  const barredByMemberPrice =
    error instanceof ApiError && error.serverMessage === DISCOUNT_MESSAGES.notWithMemberPrice;
  if (!barredByMemberPrice || !order.membership.isAiaMember) return null;
  const standard = previewPricing({ ...order, membership: NO_MEMBERSHIP, discount: null });
  if (!standard) return null;
  try {
    const res = await validateDiscount({
      code,
      subtotal: toMoneyString(standard.subtotalCents),
      eventId: order.event.id,
      isAiaMember: false,
    });
    const voucher = { ...res, code: res.code || code };
    const totals = memberOrCodeTotals(order, voucher);
    return { code: voucher, pick: totals.codeCents < totals.memberCents ? 'code' : 'member' };
  } catch {
    return null;
  }
}

export interface MemberOrCodeChoiceProps {
  choice: MemberOrCode;
  order: OrderForChoice;
  onChange: (choice: MemberOrCode | null) => void;
}

/** Member price or the code: both totals, the lower one marked; the order is priced with the pick. */
export function MemberOrCodeChoice({ choice, order, onChange }: MemberOrCodeChoiceProps) {
  const { t } = useTranslation();
  const totals = memberOrCodeTotals(order, choice.code);
  const lower = totals.codeCents < totals.memberCents ? 'code' : 'member';
  const lowerBadge = <Badge tone="success">{t('review.choiceLower')}</Badge>;
  return (
    <div className={css({ display: 'grid', gap: '3' })}>
      <p role="status" className={css({ fontSize: 'sm' })}>
        {tm(DISCOUNT_MESSAGES.notWithMemberPrice)} {t('review.choiceHint')}
      </p>
      <ChoiceGroup
        id="bk-memberOrCode"
        label={t('review.choiceTitle')}
        name="memberOrCode"
        columns={2}
        value={choice.pick}
        onChange={(pick) => onChange({ ...choice, pick: pick === 'code' ? 'code' : 'member' })}
        options={[
          {
            value: 'member',
            label: t('review.choiceMember'),
            description: t('review.choiceTotal', { amount: formatSGD(totals.memberCents) }),
            aside: lower === 'member' ? lowerBadge : null,
          },
          {
            value: 'code',
            label: t('review.choiceCode', { code: choice.code.code }),
            description: t('review.choiceTotal', { amount: formatSGD(totals.codeCents) }),
            aside: lower === 'code' ? lowerBadge : null,
          },
        ]}
      />
      <div>
        <Button size="sm" variant="ghost" onClick={() => onChange(null)}>
          {t('review.removeDiscount')}
        </Button>
      </div>
    </div>
  );
}
