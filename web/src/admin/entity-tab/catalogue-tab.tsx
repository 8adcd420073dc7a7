import type { ReactNode } from 'react';
import { cellStyle, EntityTab, type EntityTabProps } from './entity-tab';

export type CatalogueTabProps<T extends { id: number }> = Omit<
  EntityTabProps<T>,
  'heading' | 'empty' | 'caption'
> & {
  /** The line under the heading. */
  description: ReactNode;
};

/**
 * A catalogue tab in the usual words, all from its `entity`: the heading '{label}s' (id
 * '{noun}s-heading'), the caption the same, the empty text 'No {noun}s found. Add one to get
 * started.', and a Name column (`entity.name`) before `columns`. Anything else goes to `<EntityTab>`.
 */
export function CatalogueTab<T extends { id: number }>({
  entity,
  description,
  columns,
  ...rest
}: CatalogueTabProps<T>) {
  const title = `${entity.label}s`;
  const plural = `${entity.noun}s`;
  return (
    <EntityTab
      entity={entity}
      heading={{ id: `${plural.toLowerCase().replace(/\s+/g, '-')}-heading`, title, description }}
      empty={`No ${plural} found. Add one to get started.`}
      caption={title}
      columns={[{ header: 'Name', cell: entity.name, className: cellStyle.name }, ...columns]}
      {...rest}
    />
  );
}
