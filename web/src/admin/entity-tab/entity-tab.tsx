import { Fragment, type ReactNode, useState } from 'react';
import { css } from 'styled-system/css';
import { HStack, Stack } from 'styled-system/jsx';
import { PlusIcon } from '../../components/icons';
import { Button } from '../../components/ui/button';
import * as Table from '../../components/ui/table';
import { ConfirmDialog } from '../components/confirm-dialog';
import { RowActions } from '../components/row-actions';
import { ListTable } from '../components/list-table';
import { ListState, SectionHeader } from '../components/section';
import { doneToast, deleteQuestion, type Entity } from './entity';
import { useAdminList, useRefresh, useRemove } from '../lib/admin-api';

/**
 * One column: its header, its cell's content, the cell's class and its (hover) title. The class comes
 * from `cellStyle` or a `css({...})` call: Panda only emits the styles it finds written out.
 */
export interface Column<T> {
  header: string;
  cell: (item: T) => ReactNode;
  className?: string;
  title?: (item: T) => string | undefined;
}

/** The columns' usual looks: the row's name, a date or amount that must not wrap, a secondary text. */
export const cellStyle = {
  name: css({ fontWeight: 'medium' }),
  nowrap: css({ whiteSpace: 'nowrap' }),
  muted: css({ color: 'fg.muted' }),
};

/** What a row's actions can do: open its edit dialog, ask to delete it. */
export interface RowCommands {
  edit: () => void;
  remove: () => void;
}

/** The props `<EntityTab>` gives its `dialog`: the item (null: create), open, close, and the refresh. */
export interface EntityDialogSlot<T> {
  item: T | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: () => void;
}

export interface EntityTabProps<T extends { id: number }> {
  entity: Entity<T>;
  /** The tab's heading; without it the list is a panel of another tab with only its buttons above. */
  heading?: { id: string; title: string; description: ReactNode };
  /** The add button's text (default 'Add {label}') and icon (default a plus; null for none). */
  addLabel?: string;
  addIcon?: ReactNode;
  /** More buttons before the add button (a panel's toolbar). */
  toolbar?: ReactNode;
  /** Something between the heading and the list (a setting of the whole list). */
  before?: ReactNode;
  /** The text of an empty list, and the table's caption. */
  empty: string;
  caption: string;
  columns: Column<T>[];
  /** The list's order (default the API's). */
  sort?: (a: T, b: T) => number;
  /** A click on a row opens its edit dialog (the actions cell keeps its clicks). */
  rowClickEdits?: boolean;
  /** The last cell's controls (default Edit and Delete buttons named after the row). */
  actions?: (item: T, commands: RowCommands) => ReactNode;
  /** The create / edit dialog; mounted afresh for each item. */
  dialog: (slot: EntityDialogSlot<T>) => ReactNode;
  /** More dialogs of the tab (opened by its own actions). */
  children?: ReactNode;
}

/**
 * A catalogue tab: its heading and add button, the list with its loading, error and empty states,
 * a table of `columns` plus row actions, the create / edit `dialog`, and the delete confirmation
 * with its toast and the list refresh.
 */
export function EntityTab<T extends { id: number }>({
  entity,
  heading,
  addLabel = `Add ${entity.label}`,
  addIcon = <PlusIcon />,
  toolbar,
  before,
  empty,
  caption,
  columns,
  sort,
  rowClickEdits = false,
  actions,
  dialog,
  children,
}: EntityTabProps<T>) {
  const { items, error, isLoading } = useAdminList<T>(entity.path);
  const refresh = useRefresh(entity.path);
  const remove = useRemove(entity.path, entity.noun, doneToast(entity, 'deleted'));
  const [editing, setEditing] = useState<{ item: T | null } | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const rows = items && sort ? [...items].sort(sort) : items;

  const add = (
    <Button onClick={() => setEditing({ item: null })}>
      {addIcon}
      {addLabel}
    </Button>
  );
  const list = (
    <ListState isLoading={isLoading} error={error} isEmpty={!rows?.length} empty={empty}>
      <ListTable caption={caption} columns={columns.map((c) => c.header)} actions>
        {rows?.map((item) => {
          const commands = { edit: () => setEditing({ item }), remove: () => setDeleting(item) };
          return (
            <Table.Row
              key={item.id}
              {...(rowClickEdits ? { 'data-clickable': '', onClick: commands.edit } : {})}
            >
              {columns.map((c) => (
                <Table.Cell key={c.header} title={c.title?.(item)} className={c.className}>
                  {c.cell(item)}
                </Table.Cell>
              ))}
              <Table.Cell textAlign="right" onClick={rowClickEdits ? (e) => e.stopPropagation() : undefined}>
                {actions ? (
                  actions(item, commands)
                ) : (
                  <RowActions name={entity.name(item)} onEdit={commands.edit} onDelete={commands.remove} />
                )}
              </Table.Cell>
            </Table.Row>
          );
        })}
      </ListTable>
    </ListState>
  );
  const dialogs = (
    <>
      {editing ? (
        <Fragment key={editing.item?.id ?? 'new'}>
          {dialog({
            item: editing.item,
            open: true,
            onOpenChange: (open) => !open && setEditing(null),
            onSaved: () => void refresh(),
          })}
        </Fragment>
      ) : null}
      {children}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete ${entity.label}`}
        description={
          deleting ? (entity.confirm ?? ((n) => deleteQuestion(entity.noun, n)))(entity.name(deleting)) : ''
        }
        onConfirm={() => (deleting ? remove(deleting) : Promise.resolve())}
      />
    </>
  );

  if (!heading) {
    return (
      <Stack gap="4">
        <HStack gap="2" justify="flex-end" flexWrap="wrap">
          {toolbar}
          {add}
        </HStack>
        {list}
        {dialogs}
      </Stack>
    );
  }
  return (
    <section aria-labelledby={heading.id}>
      <SectionHeader
        id={heading.id}
        title={heading.title}
        description={heading.description}
        action={
          toolbar ? (
            <HStack gap="2">
              {toolbar}
              {add}
            </HStack>
          ) : (
            add
          )
        }
      />
      {before ? (
        <Stack gap="4">
          {before}
          {list}
        </Stack>
      ) : (
        list
      )}
      {dialogs}
    </section>
  );
}
