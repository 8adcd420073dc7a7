import { css } from 'styled-system/css';
import { Checkbox } from '../../../components/ui/checkbox';

/** A set of ids chosen by ticking their names (a programme's events, its packages). */
export function IdChecklist({
  name,
  legend,
  options,
  value,
  error,
  onChange,
}: {
  name: string;
  legend: string;
  options: { id: number; name: string; hint?: string | undefined }[] | undefined;
  value: number[];
  error: string | undefined;
  onChange: (ids: number[]) => void;
}) {
  const errorId = `${name}-error`;
  return (
    <fieldset
      aria-describedby={error ? errorId : undefined}
      className={css({ display: 'grid', gap: '2', minW: 0 })}
    >
      <legend className={css({ fontWeight: 'medium', textStyle: 'sm', mb: '1' })}>{legend}</legend>
      {options === undefined ? (
        <p className={css({ textStyle: 'sm', color: 'fg.muted' })}>Loading...</p>
      ) : options.length === 0 ? (
        <p className={css({ textStyle: 'sm', color: 'fg.muted' })}>None to choose from.</p>
      ) : (
        <div
          className={css({
            display: 'grid',
            gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
            gap: '2',
            maxH: '48',
            overflowY: 'auto',
            p: '1',
          })}
        >
          {options.map((o) => (
            <Checkbox
              key={o.id}
              name={name}
              value={String(o.id)}
              checked={value.includes(o.id)}
              onCheckedChange={(e) =>
                onChange(e.checked === true ? [...value, o.id] : value.filter((id) => id !== o.id))
              }
            >
              {o.name}
              {o.hint ? <span className={css({ color: 'fg.muted' })}> · {o.hint}</span> : null}
            </Checkbox>
          ))}
        </div>
      )}
      {error ? (
        <p id={errorId} className={css({ color: 'fg.error', textStyle: 'sm' })}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
