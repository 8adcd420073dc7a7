import { Link } from 'wouter';
import { css } from 'styled-system/css';
import { Page } from '../components/layout/page';
import { Button } from '../components/ui/button';
import { Skeleton } from '../components/ui/skeleton';
import { StateCard } from './state-card';

/** The event page's failure texts (spec section 2), for the screens that load an event. */
export function EventLoadError() {
  return (
    <StateCard
      title="Error"
      text="We couldn't load the event details. Please try again later."
      action={
        <Button asChild>
          <Link href="/">Return to Home</Link>
        </Button>
      }
    />
  );
}

export function EventNotFound() {
  return (
    <StateCard
      title="Event Not Found"
      text="The event you're looking for doesn't exist or has been removed."
      action={
        <Button asChild>
          <Link href="/">Browse Events</Link>
        </Button>
      }
    />
  );
}

export function EventLoading() {
  return (
    <Page>
      <div aria-busy="true" className={css({ display: 'grid', gap: '3', maxW: '3xl', mx: 'auto' })}>
        <span className={css({ srOnly: true })}>Loading event</span>
        <Skeleton h="10" w="60%" />
        <Skeleton h="24" />
        <Skeleton h="40" />
      </div>
    </Page>
  );
}
