import { css } from 'styled-system/css';
import { Page } from '../components/layout/page';

/** Home `/`: the event list (issue 10 fills in the rows, loading placeholders and empty/error states). */
export default function HomePage() {
  return (
    <Page>
      <title>Available Health Screening | Health Screening</title>
      <header className={css({ mb: '8', maxW: '2xl' })}>
        <h1
          className={css({
            fontSize: { base: '2xl', md: '3xl' },
            fontWeight: 'bold',
            letterSpacing: '-0.02em',
            color: 'fg.default',
            lineHeight: '1.2',
          })}
        >
          Available Health Screening
        </h1>
        <p className={css({ mt: '2', color: 'fg.muted', fontSize: { base: 'md', md: 'lg' } })}>
          Please select an event to book your health screening appointment.
        </p>
      </header>
    </Page>
  );
}
