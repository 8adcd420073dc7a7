import { css } from 'styled-system/css';
import { EmailTemplatesTab } from '../tabs/email-templates-tab';

/** /admin/email: the Email Templates tab as a page of its own. */
export default function EmailPage() {
  return (
    <>
      <title>Email Settings | Health Screening Admin</title>
      <h1 className={css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold' })}>Email Settings</h1>
      <EmailTemplatesTab />
    </>
  );
}
