import type { FormEvent, RefObject } from 'react';
import { useState } from 'react';
import type * as v from 'valibot';
import { api } from '../../lib/api';
import { failureMessage, toastMutationError, toastSuccess } from '../lib/admin-api';
import { useAsyncAction } from '../components/use-async-action';
import { useForm } from '../lib/use-form';
import { doneToast, type Entity } from './entity';

type AnySchema = v.GenericSchema<unknown, unknown>;

export interface EntityDialogOptions<T extends { id: number }, V extends Record<string, unknown>, S, A> {
  entity: Entity<T>;
  /** The item being edited, or null to create one. */
  item: T | null;
  /** The form's schema and its first values. */
  schema: S;
  initial: V;
  open?: boolean;
  onOpenChange: (open: boolean) => void;
  /** After a save (the success toast is out, the dialog closes next), with the API's answer. */
  onSaved: (answer: A) => void;
  /** Where a failed save is said: a toast 'Failed to create {noun}: …' (default) or under the fields. */
  failure?: 'toast' | 'inline';
}

/**
 * A catalogue dialog's props: the item under its own name (`pkg`, `event`; null creates one), open,
 * its close, and what follows a save (`S`, default the list refresh).
 */
export type ItemDialogProps<K extends string, T, S = () => void> = { [P in K]: T | null } & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: S;
};

/** What `<FormDialog>` needs from the hook; a dialog spreads it and adds its description and fields. */
export interface EntityFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  submitLabel: string;
  pending: boolean;
  onSubmit: (event: FormEvent) => void;
  formRef: RefObject<HTMLFormElement | null>;
  failure: string | null;
}

/**
 * The create / edit dialog of a catalogue item: its form (`useForm` on the schema), create vs edit,
 * the save (POST, or PUT / PATCH of `${path}/${id}`) with its pending state, the success toast, the
 * list refresh (`onSaved`) and the close, or the failure toast. `props` goes onto `<FormDialog>`:
 *
 *   const { form, props } = useEntityDialog({ entity: PACKAGE, item: pkg, schema, initial, onOpenChange, onSaved });
 *   return <FormDialog {...props} description="…"><Field.TextField {...form.text('name')} /></FormDialog>;
 *
 * A dialog that shapes its body submits through `save(body)` instead of the default `onSubmit`
 * (which sends the schema's output as it is).
 */
export function useEntityDialog<
  T extends { id: number },
  V extends Record<string, unknown>,
  S extends AnySchema,
  A = unknown,
>({
  entity,
  item,
  schema,
  initial,
  open = true,
  onOpenChange,
  onSaved,
  failure: failureMode = 'toast',
}: EntityDialogOptions<T, V, S, A>) {
  const form = useForm(schema, initial);
  const { pending, run } = useAsyncAction();
  const [failure, setFailure] = useState<string | null>(null);
  const isEdit = item !== null;

  /** Sends `body`; resolves with the answer, or undefined when it failed (already said). */
  const save = (body: unknown, { description }: { description?: string } = {}) => {
    setFailure(null);
    return run(
      async () => {
        const answer = item
          ? await api[entity.update ?? 'put']<A>(`${entity.path}/${item.id}`, body)
          : await api.post<A>(entity.path, body);
        toastSuccess(doneToast(entity, item ? 'updated' : 'created'), description);
        onSaved(answer);
        onOpenChange(false);
        return answer;
      },
      (error) => {
        if (failureMode === 'inline') setFailure(failureMessage(error));
        else toastMutationError(item ? 'update' : 'create', entity.noun, error);
      },
    );
  };

  const onSubmit = form.handleSubmit(async (body) => {
    await save(body);
  });

  const props: EntityFormDialogProps = {
    open,
    onOpenChange,
    title: isEdit ? `Edit ${entity.label}` : `Add ${entity.label}`,
    submitLabel: isEdit ? `Update ${entity.label}` : `Create ${entity.label}`,
    pending,
    onSubmit,
    formRef: form.formRef,
    failure,
  };

  return { form, isEdit, pending, save, onSubmit, props };
}
