import * as Field from '../../components/ui/field';
import { Switch } from '../../components/ui/switch';

interface TextBinding {
  name: string;
  value: string;
  onChange: (e: { target: { value: string } }) => void;
  onBlur: () => void;
}

/** The part of a `useForm` that the shared fields need: a text binding of `K`, or the `isActive` flag. */
export interface TextForm<K extends string> {
  errors: Record<string, string>;
  text: (name: K) => TextBinding;
}
export interface ActiveForm {
  values: { isActive: boolean };
  setValue: (name: 'isActive', value: boolean) => void;
}

/** An item's free-text Description: a textarea with its error. */
export function DescriptionField({ form }: { form: TextForm<'description'> }) {
  return (
    <Field.Root invalid={Boolean(form.errors.description)}>
      <Field.Label>Description</Field.Label>
      <Field.Textarea {...form.text('description')} />
      <Field.ErrorText>{form.errors.description}</Field.ErrorText>
    </Field.Root>
  );
}

/** An item's Active switch (an inactive item stays listed but is not offered). */
export function ActiveSwitch({ form }: { form: ActiveForm }) {
  return (
    <Switch checked={form.values.isActive} onCheckedChange={(e) => form.setValue('isActive', e.checked)}>
      Active
    </Switch>
  );
}
