import { PostalCodesTab } from '../tabs/postal-codes-tab';

/** /admin/postal-timeslots: the postal-code search (postal code only). */
export default function PostalTimeslotsPage() {
  return (
    <>
      <title>Postal Timeslots | Health Screening Admin</title>
      <PostalCodesTab postalOnly />
    </>
  );
}
