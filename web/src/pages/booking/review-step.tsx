import {
  DISCOUNT_CODE_MESSAGES,
  discountCodeEntrySchema,
  formatDateDMY,
  MAX_PARTICIPANTS,
  type PriceBreakdown,
  toMoneyString,
  validate,
} from '@hs/domain';
import { type ReactNode, useState } from 'react';
import { useTranslation, translateMessage as tm } from '../../i18n';
import { css, cx } from 'styled-system/css';
import { PlusIcon } from '../../components/icons';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import * as Field from '../../components/ui/field';
import { toaster } from '../../components/ui/toaster';
import { localDate } from '../../i18n/format';
import { ApiError } from '../../lib/api';
import { validateDiscount } from '../../public/calls';
import { detailList } from '../../public/detail-list';
import { TagIcon, UsersIcon } from '../../components/icons';
import type { StoredPartnerData } from '../../public/partner-storage';
import type {
  DiscountResult,
  DraftParticipant,
  EventDetail,
  PublicTimeslot,
  Quote,
} from '../../public/types';
import { MemberOrCodeChoice, offerCodeInstead } from './member-or-code';
import { ParticipantDialog } from './participant-dialog';
import { ProgrammeReview, type ProgrammeReviewProps } from './programme-review';
import { PriceBreakdownTable, viewFromPreview, viewFromQuote } from './price-breakdown';
import { findPackage, type MemberOrCode, type Membership, type PersonalValues } from './wizard-logic';
import { spreadRow } from '../../public/spread-row';
import { EditParticipantButton, RemoveParticipantButton } from '../../public/participant-buttons';
import { AppointmentWhere } from '../../public/venue';

const section = css({
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'l2',
  p: { base: '4', md: '5' },
});
const sectionTitle = css({
  fontWeight: 'semibold',
  mb: '3',
  display: 'flex',
  alignItems: 'center',
  gap: '2',
});
const participantRow = css({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: '2',
  p: '2.5',
  borderRadius: 'l2',
  fontSize: 'sm',
});

/** One titled block of the review step, named by its heading. */
function ReviewSection({
  id,
  title,
  icon,
  children,
}: {
  id: string;
  title: string;
  icon?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className={section} aria-labelledby={id}>
      <h3 id={id} className={sectionTitle}>
        {icon}
        {title}
      </h3>
      {children}
    </section>
  );
}

export interface ReviewStepProps {
  event: EventDetail;
  packageId: number | null;
  personal: PersonalValues;
  membership: Membership;
  slot: PublicTimeslot | undefined;
  dateLabel: string;
  participants: DraftParticipant[];
  onParticipantsChange: (p: DraftParticipant[]) => void;
  discount: DiscountResult | null;
  onDiscountChange: (d: DiscountResult | null) => void;
  /** A code that cannot combine with the member price, beside it, and the booker's pick (issue 46). */
  memberOrCode: MemberOrCode | null;
  onMemberOrCodeChange: (choice: MemberOrCode | null) => void;
  pricing: PriceBreakdown;
  quote: Quote | undefined;
  quoteLoading: boolean;
  partner: StoredPartnerData | null;
  /** A waiting-list offer holds this many seats: the booking can have no more people. */
  maxPeople?: number | undefined;
  /** A corporate programme's booking (issue 51): the employee alone, no code, the split in place of the breakdown. */
  programme?: ProgrammeReviewProps['programme'] | undefined;
}

export function ReviewStep(props: ReviewStepProps) {
  const { event, packageId, personal, membership, slot, participants, discount, pricing, quote } = props;
  const pkg = findPackage(event, packageId);
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<{ open: boolean; editing: DraftParticipant | null }>({
    open: false,
    editing: null,
  });
  const [code, setCode] = useState('');
  const [applying, setApplying] = useState(false);
  const fullName = `${personal.firstName.trim()} ${personal.lastName.trim()}`;
  const order = { event, packageId, membership, participants, partner: props.partner };

  const names = [
    { name: fullName, packageName: pkg?.name ?? '' },
    ...participants.map((p) => ({
      name: `${p.firstName} ${p.lastName}`,
      packageName: findPackage(event, p.packageId)?.name ?? '',
    })),
  ];
  const view = quote ? viewFromQuote(quote) : viewFromPreview(pricing, names, discount?.code ?? null);

  async function applyCode() {
    const entry = validate(discountCodeEntrySchema, { code });
    if (!entry.ok) {
      toaster.create({
        title: tm(DISCOUNT_CODE_MESSAGES.missingTitle),
        description: tm(DISCOUNT_CODE_MESSAGES.missing),
        type: 'error',
      });
      return;
    }
    setApplying(true);
    try {
      const res = await validateDiscount({
        code: entry.value.code,
        subtotal: toMoneyString(pricing.subtotalCents),
        eventId: event.id,
        isAiaMember: membership.isAiaMember,
      });
      props.onDiscountChange({ ...res, code: res.code || entry.value.code });
      setCode('');
      toaster.create({
        title: t('review.discountApplied'),
        description: res.description || t('review.codeApplied', { code: res.code || entry.value.code }),
        type: 'success',
      });
    } catch (error) {
      // Barred only by the member price: offered beside it instead of refused.
      const offer = await offerCodeInstead(error, entry.value.code, order);
      if (offer) {
        props.onMemberOrCodeChange(offer);
        setCode('');
        return;
      }
      toaster.create({
        title: tm(DISCOUNT_CODE_MESSAGES.invalidTitle),
        description: tm(
          (error instanceof ApiError && error.serverMessage) || DISCOUNT_CODE_MESSAGES.validateFailed,
        ),
        type: 'error',
      });
    } finally {
      setApplying(false);
    }
  }

  function saveParticipant(p: DraftParticipant) {
    const exists = participants.some((x) => x.clientId === p.clientId);
    props.onParticipantsChange(
      exists ? participants.map((x) => (x.clientId === p.clientId ? p : x)) : [...participants, p],
    );
    toaster.create({
      title: exists ? t('review.participantUpdated') : t('review.participantAdded'),
      type: 'success',
    });
    setDialog({ open: false, editing: null });
  }

  function removeParticipant(p: DraftParticipant) {
    props.onParticipantsChange(participants.filter((x) => x.clientId !== p.clientId));
    toaster.create({ title: t('review.participantRemoved'), type: 'success' });
  }

  const total = participants.length + 1;
  const limit = Math.min(props.maxPeople ?? MAX_PARTICIPANTS, MAX_PARTICIPANTS);
  const canAdd = total < limit;

  return (
    <div className={css({ display: 'grid', gap: '4' })}>
      <ReviewSection id="review-appointment" title={t('review.appointment')}>
        <dl className={detailList}>
          <dt>{t('review.event')}</dt>
          <dd>{event.name}</dd>
          <dt>{t('review.package')}</dt>
          <dd>{pkg?.name}</dd>
          <dt>{t('review.date')}</dt>
          <dd>
            {slot
              ? `${formatDateDMY(slot.date)}${props.dateLabel ? ` (${localDate(slot.date, props.dateLabel)})` : ''}`
              : ''}
          </dd>
          <dt>{t('review.time')}</dt>
          <dd>{slot?.label}</dd>
          <dt>{t('review.location')}</dt>
          <dd>
            <AppointmentWhere event={event} region={slot?.region} />
          </dd>
        </dl>
      </ReviewSection>

      <ReviewSection id="review-personal" title={t('review.personal')}>
        <dl className={detailList}>
          <dt>{t('review.name')}</dt>
          <dd>{fullName}</dd>
          <dt>{t('review.email')}</dt>
          <dd className={css({ wordBreak: 'break-all' })}>{personal.email}</dd>
          <dt>{t('review.mobile')}</dt>
          <dd>{personal.mobileNumber}</dd>
          <dt>{t('review.gender')}</dt>
          <dd>{personal.gender === 'male' ? t('person.male') : t('person.female')}</dd>
          <dt>{t('review.id')}</dt>
          <dd>{personal.identificationNumber.toUpperCase()}</dd>
          <dt>{t('review.dob')}</dt>
          <dd>{formatDateDMY(personal.dateOfBirth)}</dd>
          <dt>{t('review.address')}</dt>
          <dd>
            {[
              personal.address,
              personal.unitNumber,
              t('review.singapore', { postalCode: personal.postalCode }),
            ]
              .filter(Boolean)
              .join(', ')}
          </dd>
          {/* a programme sets the price: no member check was offered */}
          {props.programme ? null : (
            <>
              <dt>{t('review.aia')}</dt>
              <dd>
                {membership.isAiaMember ? (
                  <Badge tone="success">{t('review.memberPricing')}</Badge>
                ) : (
                  <Badge>{t('review.standardPricing')}</Badge>
                )}
              </dd>
            </>
          )}
        </dl>
      </ReviewSection>

      {props.programme ? <ProgrammeReview programme={props.programme} packageId={packageId} /> : null}

      {props.programme ? null : (
        <>
          <section className={section} aria-labelledby="review-participants">
            <div
              className={css({
                display: 'flex',
                justifyContent: 'space-between',
                alignItems: 'center',
                gap: '3',
                mb: '3',
                flexWrap: 'wrap',
              })}
            >
              <h3 id="review-participants" className={sectionTitle} style={{ marginBottom: 0 }}>
                <UsersIcon />
                {t('review.participants', { total, limit })}
              </h3>
              <Button
                size="sm"
                variant="outline"
                disabled={!canAdd}
                onClick={() => setDialog({ open: true, editing: null })}
              >
                <PlusIcon />
                {t('review.addParticipant')}
              </Button>
            </div>
            <p className={css({ fontSize: 'sm', color: 'fg.muted', mb: '3' })}>
              {t('review.groupHint')}
              {props.maxPeople !== undefined ? t('review.heldSeats', { count: props.maxPeople }) : ''}
            </p>
            <ul className={css({ display: 'grid', gap: '2' })}>
              <li className={cx(participantRow, css({ bg: 'bg.subtle' }))}>
                <span>
                  <strong>{fullName}</strong> · {pkg?.name}
                </span>
                <Badge tone="accent">{t('review.primary')}</Badge>
              </li>
              {participants.map((p) => (
                <li
                  key={p.clientId}
                  className={cx(participantRow, css({ borderWidth: '1px', borderColor: 'border.default' }))}
                >
                  <span className={css({ minW: 0 })}>
                    <strong>
                      {p.firstName} {p.lastName}
                    </strong>{' '}
                    · {findPackage(event, p.packageId)?.name}
                    {p.isAiaMember ? (
                      <Badge tone="success" ml="2">
                        {t('wizard.aia')}
                      </Badge>
                    ) : null}
                  </span>
                  <span className={css({ display: 'flex', gap: '1', flexShrink: 0 })}>
                    <EditParticipantButton
                      name={`${p.firstName} ${p.lastName}`}
                      onClick={() => setDialog({ open: true, editing: p })}
                    />
                    <RemoveParticipantButton
                      name={`${p.firstName} ${p.lastName}`}
                      onClick={() => removeParticipant(p)}
                    />
                  </span>
                </li>
              ))}
            </ul>
          </section>

          <ReviewSection id="review-discount" title={t('review.discountCode')} icon={<TagIcon />}>
            {props.memberOrCode ? (
              <MemberOrCodeChoice
                choice={props.memberOrCode}
                order={order}
                onChange={props.onMemberOrCodeChange}
              />
            ) : discount ? (
              <div className={spreadRow}>
                <p className={css({ fontSize: 'sm' })}>
                  <Badge tone="success" mr="2">
                    {discount.code}
                  </Badge>
                  {discount.description}
                </p>
                <Button size="sm" variant="ghost" onClick={() => props.onDiscountChange(null)}>
                  {t('review.removeDiscount')}
                </Button>
              </div>
            ) : (
              <div className={css({ display: 'flex', gap: '2', alignItems: 'flex-end' })}>
                <Field.Root id="bk-discountCode" className={css({ flex: '1' })}>
                  <Field.Label>{t('review.discountCodeLabel')}</Field.Label>
                  <Field.Input
                    value={code}
                    autoComplete="off"
                    onChange={(e) => setCode(e.target.value.toUpperCase())}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter') {
                        e.preventDefault();
                        void applyCode();
                      }
                    }}
                  />
                </Field.Root>
                <Button
                  variant="outline"
                  onClick={applyCode}
                  loading={applying}
                  loadingText={t('review.applying')}
                >
                  {t('review.apply')}
                </Button>
              </div>
            )}
          </ReviewSection>

          <div className={section}>
            <PriceBreakdownTable view={view} updating={props.quoteLoading} />
          </div>
        </>
      )}

      <ParticipantDialog
        open={dialog.open}
        editing={dialog.editing}
        packages={event.packages}
        defaultPackageId={packageId}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
        onSave={saveParticipant}
      />
    </div>
  );
}
