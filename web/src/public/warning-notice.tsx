import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { AlertTriangleIcon } from '../components/icons';

/** An amber box with a warning icon, announced as an alert. */
export function WarningNotice({ children }: { children: ReactNode }) {
  return (
    <div
      role="alert"
      className={css({
        display: 'flex',
        gap: '3',
        p: '4',
        borderRadius: 'l2',
        bg: 'warning.subtle',
        color: 'warning.text',
        borderWidth: '1px',
        borderColor: 'warning.border',
      })}
    >
      <AlertTriangleIcon className={css({ flexShrink: 0, w: '5', h: '5', mt: '0.5' })} />
      {children}
    </div>
  );
}
