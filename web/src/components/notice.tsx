import type { ComponentProps, ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { AlertCircleIcon, AlertTriangleIcon, InfoIcon } from './icons';

type Tone = 'danger' | 'warning' | 'info';

const base = css({ display: 'flex', borderWidth: '1px', '& > svg': { flexShrink: '0', mt: '0.5' } });

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
  }),
};

const sizes = {
  md: css({ gap: '3', p: '4', borderRadius: 'l3' }),
  sm: css({ gap: '2', p: '3', borderRadius: 'l2', textStyle: 'sm' }),
};

/** Its icon and role by tone: an error is an alert, a warning a status, information a note. */
const icons: Record<Tone, () => ReactNode> = {
  danger: () => <AlertCircleIcon />,
  warning: () => <AlertTriangleIcon />,
  info: () => <InfoIcon />,
};
const roles: Record<Tone, 'alert' | 'status' | 'note'> = { danger: 'alert', warning: 'status', info: 'note' };

/**
 * A boxed message with its tone's icon, on the public pages and in the back office: a load or submit
 * error, a warning, a note. `ariaRole` and `icon` replace the tone's own (null: none); other props (a
 * test id) go to the box.
 */
export function Notice({
  tone,
  size = 'md',
  ariaRole = roles[tone],
  icon = icons[tone](),
  className,
  children,
  ...rest
}: {
  tone: Tone;
  size?: keyof typeof sizes;
  ariaRole?: 'alert' | 'status' | 'note' | null;
  icon?: ReactNode;
  children: ReactNode;
} & Omit<ComponentProps<'div'>, 'role' | 'children'>) {
  return (
    <div role={ariaRole ?? undefined} className={cx(base, tones[tone], sizes[size], className)} {...rest}>
      {icon}
      {children}
    </div>
  );
}
