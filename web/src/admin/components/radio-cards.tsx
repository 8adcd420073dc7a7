import { css } from 'styled-system/css';

export interface RadioOption<T extends string> {
  value: T;
  label: string;
  description?: string;
}

/** A labelled group of native radios (arrow keys move between them). */
export function RadioCards<T extends string>({
  legend,
  name,
  value,
  options,
  onChange,
}: {
  legend: string;
  name: string;
  value: T;
  options: RadioOption<T>[];
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
      <legend className={css({ fontWeight: 'medium', textStyle: 'sm', mb: '1.5' })}>{legend}</legend>
      <div
        className={css({
          display: 'grid',
          gridTemplateColumns: { base: '1fr', sm: 'repeat(auto-fit, minmax(0, 1fr))' },
          gap: '2',
        })}
      >
        {options.map((o) => (
          <label
            key={o.value}
            className={css({
              display: 'flex',
              gap: '2.5',
              alignItems: 'flex-start',
              p: '3',
              borderWidth: '1px',
              borderColor: 'border.default',
              borderRadius: 'l2',
              cursor: 'pointer',
              '&:has(input:checked)': { borderColor: 'accent.default', bg: 'accent.subtle' },
              '&:has(input:focus-visible)': { outline: '2px solid', outlineColor: 'accent.focus' },
            })}
          >
            <input
              type="radio"
              name={name}
              value={o.value}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
              className={css({ mt: '1', accentColor: 'var(--colors-accent-default)' })}
            />
            <span className={css({ display: 'flex', flexDirection: 'column' })}>
              <span className={css({ fontWeight: 'medium', textStyle: 'sm' })}>{o.label}</span>
              {o.description ? (
                <span className={css({ color: 'fg.muted', textStyle: 'xs' })}>{o.description}</span>
              ) : null}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
