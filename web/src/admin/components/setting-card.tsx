import { type FormEvent, type ReactNode, useState } from 'react';
import useSWR from 'swr';
import { css } from 'styled-system/css';
import { Stack } from 'styled-system/jsx';
import { Button } from '../../components/ui/button';
import * as Card from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { api } from '../../lib/api';
import { failureMessage, toastSuccess } from '../lib/admin-api';
import { useAsyncAction } from './use-async-action';

export interface SettingEditorOptions<A> {
  /** GET reads the setting, PUT saves it and answers as GET does. */
  path: string;
  /** What it is, lower case ('seat hold'): in the loading label and the failure texts. */
  what: string;
  /** The saved value as the field shows it. */
  text: (answer: A) => string;
  /** Why the typed text cannot be saved, or null. */
  problem: (text: string) => string | null;
  /** The PUT body for a text without a problem. */
  body: (text: string) => unknown;
  /** The success toast's title and description. */
  saved: (answer: A) => [title: string, description: string];
}

/**
 * One setting edited as text: the saved value until something is typed, its problem (checked on save,
 * and again as it changes once shown), and the save (PUT, the answer into the SWR cache, a toast).
 */
export function useSettingEditor<A>({
  path,
  what,
  text,
  problem: problemOf,
  body,
  saved,
}: SettingEditorOptions<A>) {
  const { data, error, isLoading, mutate } = useSWR<A>(path);
  // null: show the saved value
  const [typed, setTyped] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { pending, run } = useAsyncAction();
  const shown = typed ?? (data ? text(data) : '');

  const change = (next: string) => {
    setTyped(next);
    if (problem) setProblem(problemOf(next));
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const found = problemOf(shown);
    setProblem(found);
    if (found) return;
    await run(async () => {
      const answer = await api.put<A>(path, body(shown));
      await mutate(answer, { revalidate: false });
      setTyped(null);
      toastSuccess(...saved(answer));
    }, `Failed to save the ${what}`);
  };

  return { what, data, error, isLoading, shown, problem, pending, change, save };
}

export type SettingEditor<A> = ReturnType<typeof useSettingEditor<A>>;

/** A card holding one setting's form: a skeleton while it loads, the load failure, or its fields and Save. */
export function SettingCard<A>({
  title,
  description,
  setting,
  skeletonHeight,
  submitLabel,
  maxW,
  children,
}: {
  title: string;
  description: ReactNode;
  setting: SettingEditor<A>;
  skeletonHeight: string;
  submitLabel: string;
  maxW?: string;
  /** The fields, given the loaded answer. */
  children: (answer: A) => ReactNode;
}) {
  const { what, data, error, isLoading } = setting;
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title>{title}</Card.Title>
        <Card.Description>{description}</Card.Description>
      </Card.Header>
      <Card.Body>
        {isLoading ? (
          <Skeleton h={skeletonHeight} aria-label={`Loading ${what}`} />
        ) : error || !data ? (
          <p role="alert" className={css({ color: 'danger.text', textStyle: 'sm' })}>
            Failed to load the {what}: {failureMessage(error)}
          </p>
        ) : (
          <form onSubmit={setting.save} noValidate>
            <Stack gap="3" alignItems="stretch" maxW={maxW}>
              {children(data)}
              <div>
                <Button type="submit" loading={setting.pending} loadingText="Saving...">
                  {submitLabel}
                </Button>
              </div>
            </Stack>
          </form>
        )}
      </Card.Body>
    </Card.Root>
  );
}
