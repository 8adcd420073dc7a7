import { PostalCodesTab } from '../tabs/postal-codes-tab';
import { PageTitle } from '../components/page-title';

/** /admin/postal-timeslots: the postal-code search (postal code only). */
export default function PostalTimeslotsPage() {
  return (
    <>
      <PageTitle>Postal Timeslots</PageTitle>
      <PostalCodesTab postalOnly />
    </>
  );
}
