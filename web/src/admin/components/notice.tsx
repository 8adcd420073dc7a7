import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { AlertCircleIcon, AlertTriangleIcon, InfoIcon } from '../../components/icons';

type Tone = 'danger' | 'warning' | 'info';

const base = css({ display: 'flex', gap: '2', borderWidth: '1px' });

const tones: Record<Tone, string> = {
  danger: css({
    alignItems: 'center',
    bg: 'danger.subtle',
    color: 'danger.text',
    borderColor: 'danger.border',
  }),
  warning: css({
    alignItems: 'flex-start',
    bg: 'warning.subtle',
    color: 'warning.text',
    borderColor: 'warning.border',
  }),
  info: css({
    alignItems: 'flex-start',
    bg: 'info.subtle',
    color: 'info.text',
    borderColor: 'info.border',
    '& svg': { flexShrink: '0', mt: '0.5' },
  }),
};

const sizes = {
  md: css({ p: '4', borderRadius: 'l3' }),
  sm: css({ p: '3', borderRadius: 'l2', textStyle: 'sm' }),
};

/** Its icon and role by tone: an error is an alert, a warning a status, information a note. */
const icons: Record<Tone, () => ReactNode> = {
  danger: () => <AlertCircleIcon />,
  warning: () => <AlertTriangleIcon />,
  info: () => <InfoIcon />,
};
const roles: Record<Tone, 'alert' | 'status' | 'note'> = { danger: 'alert', warning: 'status', info: 'note' };

/** A boxed message with its tone's icon: a load or submit error, a warning, a note. */
export function Notice({
  tone,
  size = 'md',
  children,
}: {
  tone: Tone;
  size?: keyof typeof sizes;
  children: ReactNode;
}) {
  return (
    <div role={roles[tone]} className={cx(base, tones[tone], sizes[size])}>
      {icons[tone]()}
      {children}
    </div>
  );
}
