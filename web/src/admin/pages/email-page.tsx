import { EmailTemplatesTab } from '../tabs/email-templates-tab';
import { PageTitle } from '../components/page-title';

/** /admin/email: the Email Templates tab as a page of its own. */
export default function EmailPage() {
  return (
    <>
      <PageTitle>Email Settings</PageTitle>
      <EmailTemplatesTab />
    </>
  );
}
