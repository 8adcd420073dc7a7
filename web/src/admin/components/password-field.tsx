import * as Field from '../../components/ui/field';

/** A required password input bound to a string: the browser's password manager reads its autocomplete. */
export function PasswordField({
  label,
  autoComplete,
  value,
  onChange,
  required = true,
}: {
  label: string;
  autoComplete: 'current-password' | 'new-password';
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
}) {
  return (
    <Field.TextField
      label={label}
      type="password"
      autoComplete={autoComplete}
      required={required}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
