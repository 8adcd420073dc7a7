import { HStack } from 'styled-system/jsx';
import { PencilIcon, TrashIcon } from '../../components/icons';
import { Button } from '../../components/ui/button';

/** The Edit and Delete buttons of a table row; the row's name goes into their accessible names. */
export function RowActions({
  name,
  onEdit,
  onDelete,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <HStack gap="1" justify="flex-end">
      <Button size="sm" variant="ghost" onClick={onEdit} aria-label={`Edit ${name}`}>
        <PencilIcon />
        Edit
      </Button>
      <Button size="sm" variant="ghost" color="danger.text" onClick={onDelete} aria-label={`Delete ${name}`}>
        <TrashIcon />
        Delete
      </Button>
    </HStack>
  );
}
