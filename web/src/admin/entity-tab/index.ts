/**
 * The admin catalogue tabs' scaffolding: `<EntityTab>` is the list (heading, add button, loading /
 * error / empty states, table, row actions, delete confirmation), `useEntityDialog()` the create /
 * edit dialog's form and save. A tab is an `Entity` descriptor, its columns and its form fields.
 */
export { ActionsMenu, editDeleteItems, type MenuAction } from './actions-menu';
export { CatalogueTab, type CatalogueTabProps } from './catalogue-tab';
export { deleteQuestion, doneToast, type Entity } from './entity';
export {
  cellStyle,
  type Column,
  type EntityDialogSlot,
  EntityTab,
  type EntityTabProps,
  type RowCommands,
} from './entity-tab';
export { createdColumn, statusColumn } from './columns';
export { ActiveSwitch, DescriptionField } from './fields';
export { ShownOnceDialog } from './shown-once-dialog';
export {
  type EntityDialogOptions,
  type EntityFormDialogProps,
  type ItemDialogProps,
  useEntityDialog,
} from './use-entity-dialog';
