import { EmailTemplatesTab } from '../tabs/email-templates-tab';

/** /admin/email: the Email Templates tab as a page of its own. */
export default function EmailPage() {
  return (
    <>
      <title>Email Settings | Health Screening Admin</title>
      <EmailTemplatesTab />
    </>
  );
}
