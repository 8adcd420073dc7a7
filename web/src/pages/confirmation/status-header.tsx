import type { Ref } from 'react';
import { css } from 'styled-system/css';
import { AlertCircleIcon, CheckCircleIcon, ClockIcon } from '../../components/icons';
import * as Card from '../../components/ui/card';

export type HeaderTone = 'pending' | 'confirmed' | 'cancelled';

const iconLarge = css({ w: { base: '10', md: '12' }, h: { base: '10', md: '12' }, flexShrink: 0 });
const iconSmall = css({ w: '7', h: '7', flexShrink: 0 });
const titleLarge = css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold', outline: 'none' });
const titleSmall = css({ fontSize: { base: 'xl', md: '3xl' }, fontWeight: 'bold', outline: 'none' });

function ToneIcon({ tone, small }: { tone: HeaderTone; small: boolean }) {
  const size = small ? iconSmall : iconLarge;
  if (tone === 'pending') return <ClockIcon className={`${size} ${css({ color: 'warning.default' })}`} />;
  if (tone === 'cancelled') return <AlertCircleIcon className={`${size} ${css({ color: 'fg.muted' })}`} />;
  return <CheckCircleIcon className={`${size} ${css({ color: 'success.default' })}`} />;
}

/**
 * The page's heading: what state the booking is in, in a word and a sentence. It takes the focus
 * after a payment, so the view and a screen reader both land on 'Booking Confirmed'. `compact`: the
 * icon beside the title and less padding, leaving the first screen to the payment that follows.
 */
export function StatusHeader({
  tone,
  title,
  text,
  compact = false,
  ref,
}: {
  tone: HeaderTone;
  title: string;
  text: string;
  compact?: boolean;
  ref?: Ref<HTMLHeadingElement>;
}) {
  const heading = (
    <h1 ref={ref} tabIndex={-1} className={compact ? titleSmall : titleLarge}>
      {title}
    </h1>
  );
  if (compact) {
    return (
      <Card.Header alignItems="center" textAlign="center" gap="1" py="4">
        <div className={css({ display: 'flex', alignItems: 'center', gap: '2' })}>
          <ToneIcon tone={tone} small />
          {heading}
        </div>
        <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{text}</p>
      </Card.Header>
    );
  }
  return (
    <Card.Header alignItems="center" textAlign="center" gap="2">
      <ToneIcon tone={tone} small={false} />
      {heading}
      <p className={css({ color: 'fg.muted' })}>{text}</p>
    </Card.Header>
  );
}
