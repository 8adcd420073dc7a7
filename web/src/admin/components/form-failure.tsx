import { css } from 'styled-system/css';

/** Why a form's last submit failed, said under its fields (nothing while it has not failed). */
export function FormFailure({ failure }: { failure: string | null | undefined }) {
  return failure ? (
    <p role="alert" className={css({ color: 'danger.text', textStyle: 'sm' })}>
      {failure}
    </p>
  ) : null;
}
