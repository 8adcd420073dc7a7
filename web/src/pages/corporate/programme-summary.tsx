import { formatDateOrNA } from '@hs/domain';
import { css } from 'styled-system/css';
import * as Card from '../../components/ui/card';
import { useTranslation } from '../../i18n';
import { localDate } from '../../i18n/format';
import { money } from '../../public/money';
import type { PublicProgramme } from './programme-api';

/** Until when a programme takes bookings: "31 Dec 2026" in English, the language's own form otherwise. */
export const programmeDate = (iso: string) => localDate(iso, formatDateOrNA(iso, 'd MMM yyyy'));

/** The programme, the company, what it covers (price and who pays what) and until when. */
export function ProgrammeSummary({ programme }: { programme: PublicProgramme }) {
  const { t } = useTranslation();
  const eventName = (id: number) => programme.events.find((e) => e.id === id)?.name;
  return (
    <Card.Root>
      <Card.Header>
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          {t('corporate.forEmployees', { company: programme.companyName })}
        </p>
        <h1 className={css({ fontSize: { base: 'xl', md: '2xl' }, fontWeight: 'bold', lineHeight: '1.25' })}>
          {programme.name}
        </h1>
        <Card.Description>
          {t('corporate.window', {
            from: programmeDate(programme.startsOn),
            until: programmeDate(programme.endsOn),
          })}{' '}
          {t('corporate.entitlement', { count: programme.entitlement })}
        </Card.Description>
      </Card.Header>
      <Card.Body gap="3">
        <h2 className={css({ fontWeight: 'semibold' })}>{t('corporate.covered')}</h2>
        {programme.packages.length === 0 ? (
          <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{t('corporate.nothingCovered')}</p>
        ) : (
          <ul className={css({ display: 'grid', gap: '2' })}>
            {programme.packages.map((p) => (
              <li
                key={p.id}
                className={css({
                  display: 'flex',
                  flexWrap: 'wrap',
                  justifyContent: 'space-between',
                  gap: '2',
                  p: '3',
                  borderWidth: '1px',
                  borderColor: 'border.default',
                  borderRadius: 'l2',
                  fontSize: 'sm',
                })}
              >
                <span className={css({ minW: 0 })}>
                  <span className={css({ display: 'block', fontWeight: 'medium' })}>{p.name}</span>
                  <span className={css({ display: 'block', color: 'fg.muted', fontSize: 'xs' })}>
                    {p.eventIds.map(eventName).filter(Boolean).join(', ')}
                  </span>
                </span>
                <span className={css({ textAlign: 'end' })}>
                  <span className={css({ display: 'block', color: 'fg.muted' })}>
                    {t('corporate.companyPays', { amount: money(p.companyPays) })}
                  </span>
                  <span className={css({ display: 'block', fontWeight: 'semibold', color: 'accent.text' })}>
                    {t('corporate.youPay', { amount: money(p.employeePays) })}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card.Body>
    </Card.Root>
  );
}
