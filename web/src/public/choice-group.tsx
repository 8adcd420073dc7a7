import { RadioGroup } from '@ark-ui/react/radio-group';
import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { translateMessage } from '../i18n';

export interface ChoiceOption {
  value: string;
  label: ReactNode;
  description?: ReactNode;
  aside?: ReactNode;
  disabled?: boolean;
}

export interface ChoiceGroupProps {
  /** Wrapper id (focus goes to its first radio when invalid). */
  id: string;
  label: ReactNode;
  /** Hide the group label visually (still announced). */
  hideLabel?: boolean;
  name: string;
  value: string | null;
  onChange: (value: string) => void;
  options: readonly ChoiceOption[];
  error?: string | undefined;
  /** Grid columns from md up. */
  columns?: 1 | 2 | 3 | 4;
  compact?: boolean;
  onBlur?: () => void;
  /** Shown but not changeable (e.g. a value from Myinfo). */
  readOnly?: boolean | undefined;
  /** A line under the options (e.g. "From Myinfo"). */
  hint?: ReactNode;
}

const grid = {
  1: css({ gridTemplateColumns: '1fr' }),
  2: css({ gridTemplateColumns: { base: '1fr', sm: 'repeat(2, 1fr)' } }),
  3: css({ gridTemplateColumns: { base: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' } }),
  4: css({ gridTemplateColumns: { base: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' } }),
};

const item = css({
  position: 'relative',
  display: 'flex',
  alignItems: 'flex-start',
  gap: '3',
  p: '3.5',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'l2',
  bg: 'bg.default',
  cursor: 'pointer',
  transition: 'border-color 0.15s, background 0.15s, box-shadow 0.15s',
  _hover: { borderColor: 'border.outline' },
  '&[data-state=checked]': {
    borderColor: 'accent.default',
    bg: 'accent.subtle',
    boxShadow: '0 0 0 1px {colors.accent.default}',
  },
  '&[data-focus-visible]': { outline: '2px solid {colors.accent.default}', outlineOffset: '2px' },
  '&[data-disabled]': { opacity: 0.5, cursor: 'not-allowed', bg: 'bg.subtle' },
});

const control = css({
  flexShrink: 0,
  mt: '0.5',
  w: '4',
  h: '4',
  borderRadius: 'full',
  borderWidth: '2px',
  borderColor: 'border.emphasized',
  bg: 'bg.default',
  '&[data-state=checked]': { borderColor: 'accent.default', borderWidth: '5px' },
});

/** A radio group of selectable cards (Ark RadioGroup: arrow keys, one tab stop). */
export function ChoiceGroup({
  id,
  label,
  hideLabel,
  name,
  value,
  onChange,
  options,
  error,
  columns = 1,
  compact,
  onBlur,
  readOnly,
  hint,
}: ChoiceGroupProps) {
  const errorId = `${id}-error`;
  return (
    <fieldset id={id} onBlur={onBlur} className={css({ border: 'none', p: '0', m: '0', minW: '0' })}>
      <RadioGroup.Root
        name={name}
        value={value}
        readOnly={readOnly}
        onValueChange={(d) => {
          if (d.value !== null) onChange(d.value);
        }}
        aria-describedby={error ? errorId : undefined}
        aria-invalid={error ? true : undefined}
      >
        <RadioGroup.Label
          className={cx(
            css({ display: 'block', fontWeight: 'medium', fontSize: 'sm', color: 'fg.default', mb: '2' }),
            hideLabel ? css({ srOnly: true }) : undefined,
          )}
        >
          {label}
        </RadioGroup.Label>
        <div className={cx(css({ display: 'grid', gap: compact ? '2' : '3' }), grid[columns])}>
          {options.map((o) => (
            <RadioGroup.Item key={o.value} value={o.value} disabled={o.disabled} className={item}>
              <RadioGroup.ItemControl className={control} />
              <RadioGroup.ItemText className={css({ flex: '1', minW: 0, display: 'block' })}>
                <span className={css({ display: 'block', fontWeight: 'medium', color: 'fg.default' })}>
                  {o.label}
                </span>
                {o.description ? (
                  <span className={css({ display: 'block', fontSize: 'sm', color: 'fg.muted', mt: '0.5' })}>
                    {o.description}
                  </span>
                ) : null}
              </RadioGroup.ItemText>
              {o.aside ? <span className={css({ flexShrink: 0 })}>{o.aside}</span> : null}
              <RadioGroup.ItemHiddenInput />
            </RadioGroup.Item>
          ))}
        </div>
      </RadioGroup.Root>
      {hint ? <div className={css({ mt: '1.5', fontSize: 'sm' })}>{hint}</div> : null}
      {error ? (
        <p id={errorId} className={css({ mt: '1.5', fontSize: 'sm', color: 'fg.error' })}>
          {translateMessage(error)}
        </p>
      ) : null}
    </fieldset>
  );
}
