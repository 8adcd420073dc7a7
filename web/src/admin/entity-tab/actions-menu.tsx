import { MoreHorizontalIcon } from '../../components/icons';
import { IconButton } from '../../components/ui/button';
import * as Menu from '../../components/ui/menu';

export interface MenuAction {
  value: string;
  label: string;
  disabled?: boolean;
  danger?: boolean;
}

/** A row's actions behind one '…' button named 'Actions for {name}' (arrow keys, typeahead, Escape). */
export function ActionsMenu({
  name,
  items,
  onSelect,
}: {
  name: string;
  items: MenuAction[];
  onSelect: (value: string) => void;
}) {
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }} onSelect={(e) => onSelect(e.value)}>
      <Menu.Trigger asChild>
        <IconButton aria-label={`Actions for ${name}`} variant="ghost" size="sm">
          <MoreHorizontalIcon />
        </IconButton>
      </Menu.Trigger>
      <Menu.Portalled>
        {items.map((item) => (
          <Menu.Item
            key={item.value}
            value={item.value}
            disabled={item.disabled}
            data-variant={item.danger ? 'danger' : undefined}
          >
            {item.label}
          </Menu.Item>
        ))}
      </Menu.Portalled>
    </Menu.Root>
  );
}

/** Edit and Delete in an `ActionsMenu`, with any `extra` items between them. */
export function editDeleteItems(...extra: MenuAction[]): MenuAction[] {
  return [{ value: 'edit', label: 'Edit' }, ...extra, { value: 'delete', label: 'Delete', danger: true }];
}
