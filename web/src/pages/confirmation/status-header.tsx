import type { Ref } from 'react';
import { css } from 'styled-system/css';
import { AlertCircleIcon, CheckCircleIcon, ClockIcon } from '../../components/icons';
import * as Card from '../../components/ui/card';

export type HeaderTone = 'pending' | 'confirmed' | 'cancelled';

const icon = css({ w: { base: '10', md: '12' }, h: { base: '10', md: '12' } });

/**
 * The page's heading: what state the booking is in, in a word and a sentence. It takes the focus
 * after a payment, so the view and a screen reader both land on 'Booking Confirmed'.
 */
export function StatusHeader({
  tone,
  title,
  text,
  ref,
}: {
  tone: HeaderTone;
  title: string;
  text: string;
  ref?: Ref<HTMLHeadingElement>;
}) {
  return (
    <Card.Header alignItems="center" textAlign="center" gap="2">
      {tone === 'pending' ? (
        <ClockIcon className={`${icon} ${css({ color: 'warning.default' })}`} />
      ) : tone === 'cancelled' ? (
        <AlertCircleIcon className={`${icon} ${css({ color: 'fg.muted' })}`} />
      ) : (
        <CheckCircleIcon className={`${icon} ${css({ color: 'success.default' })}`} />
      )}
      <h1
        ref={ref}
        tabIndex={-1}
        className={css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold', outline: 'none' })}
      >
        {title}
      </h1>
      <p className={css({ color: 'fg.muted' })}>{text}</p>
    </Card.Header>
  );
}
