import { HStack } from 'styled-system/jsx';
import { Link } from 'wouter';
import { Button } from '../../components/ui/button';
import { RowActions } from '../components/row-actions';
import { CatalogueTab, createdColumn, statusColumn } from '../entity-tab';
import { EVENT, EventDialog } from './event-dialog';
import { EventWhereCell } from './event-venues-editor';
import { waitlistHref } from './waitlist-tab';

export function EventsTab() {
  return (
    <CatalogueTab
      entity={EVENT}
      description="Screening events, their packages and how their timeslots come about."
      columns={[
        { header: 'Location', cell: (e) => <EventWhereCell event={e} /> },
        createdColumn(),
        statusColumn(),
      ]}
      actions={(event, { edit, remove }) => (
        <HStack gap="1" justify="flex-end">
          <Button asChild size="sm" variant="ghost">
            <Link href={waitlistHref(event.id)} aria-label={`Waiting list of ${event.name}`}>
              Waiting list
            </Link>
          </Button>
          <RowActions name={event.name} onEdit={edit} onDelete={remove} />
        </HStack>
      )}
      dialog={({ item, ...slot }) => <EventDialog event={item} {...slot} />}
    />
  );
}
