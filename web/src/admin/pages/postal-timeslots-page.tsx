import { css } from 'styled-system/css';
import { PostalCodesTab } from '../tabs/postal-codes-tab';

/** /admin/postal-timeslots: the postal-code search (postal code only). */
export default function PostalTimeslotsPage() {
  return (
    <>
      <title>Postal Timeslots | Health Screening Admin</title>
      <h1 className={css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold' })}>Postal Timeslots</h1>
      <PostalCodesTab postalOnly />
    </>
  );
}
