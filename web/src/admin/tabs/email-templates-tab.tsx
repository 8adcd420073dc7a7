import { LabeledSelect } from '../components/labeled-select';
import {
  EMAIL_CONFIG_KEYS,
  emailConfigSchema,
  emailConfigUpdateSchema,
  TEMPLATE_VARIABLES,
  TEST_EMAIL_TYPES,
  testEmailSchema,
} from '@hs/domain';
import { useId, useState } from 'react';
import { css } from 'styled-system/css';
import { Stack } from 'styled-system/jsx';
import { Button } from '../../components/ui/button';
import * as Dialog from '../../components/ui/dialog';
import * as Field from '../../components/ui/field';
import * as Table from '../../components/ui/table';
import * as Tabs from '../../components/ui/tabs';
import { toaster } from '../../components/ui/toaster';
import { api, buildUrl } from '../../lib/api';
import { FormDialog } from '../components/form-dialog';
import { RadioCards } from '../components/radio-cards';
import { SectionHeader } from '../components/section';
import {
  cellStyle,
  DescriptionField,
  type Entity,
  EntityTab,
  type ItemDialogProps,
  useEntityDialog,
} from '../entity-tab';
import { ADMIN_PATHS, describeActor, formatAdminDateTime, truncate } from '../lib/admin-api';
import type { EmailConfig } from '@hs/contracts';
import * as v from 'valibot';
import { useForm } from '../lib/use-form';
import { PrivacyNoticeCard } from './privacy-notice-card';
import { RetentionCard } from './retention-card';

/** Spec: the value input is an email input when the setting is an e-mail address. */
export function valueInputKind(configKey: string): 'email' | 'textarea' | 'text' {
  if (/TEMPLATE$/i.test(configKey)) return 'textarea';
  if (/email/i.test(configKey) && !/(SUBJECT|NAME)$/i.test(configKey)) return 'email';
  return 'text';
}

const CONFIGURATION: Entity<EmailConfig> = {
  path: ADMIN_PATHS.emailConfigs,
  label: 'Configuration',
  noun: 'configuration',
  name: (c) => c.configKey,
  update: 'patch',
};

export function EmailConfigDialog({ config, ...slot }: ItemDialogProps<'config', EmailConfig>) {
  const { form, props } = useEntityDialog({
    entity: CONFIGURATION,
    item: config,
    schema: config ? emailConfigUpdateSchema : emailConfigSchema,
    initial: {
      configKey: config?.configKey ?? '',
      configValue: config?.configValue ?? '',
      description: config?.description ?? '',
    },
    ...slot,
  });
  const kind = valueInputKind(form.values.configKey);

  return (
    <FormDialog {...props} description="Email settings and templates (EJS syntax)." size="lg">
      <Field.TextField
        label="Key"
        required
        readOnly={Boolean(config)}
        helperText={config ? 'The key cannot be changed.' : 'e.g. EMAIL_SENDER_NAME'}
        {...form.field('configKey')}
      />
      {kind === 'textarea' ? (
        <Field.Root invalid={Boolean(form.errors.configValue)} required>
          <Field.Label>
            Value
            <Field.RequiredIndicator />
          </Field.Label>
          <Field.Textarea minH="48" fontFamily="mono" {...form.text('configValue')} />
          <Field.ErrorText>{form.errors.configValue}</Field.ErrorText>
        </Field.Root>
      ) : (
        <Field.TextField label="Value" required type={kind} {...form.field('configValue')} />
      )}
      <DescriptionField form={form} />
    </FormDialog>
  );
}

/**
 * Every email the product sends, with its label in the back office: the EMAIL_TYPES of
 * @hs/notifications (the server's one list, which the web does not bundle; test-email.spec.tsx
 * checks the two agree), in the order of a booking's life.
 */
export const EMAIL_TYPE_LABELS = {
  confirmation: 'Booking confirmation',
  reminder: 'Reminder',
  rescheduled: 'Rescheduled',
  cancellation: 'Cancellation',
  expiry: 'Reservation expired',
  invoice: 'Invoice',
  receipt: 'Payment receipt',
  refund: 'Refund',
  waitlist_joined: 'Waiting list: joined',
  waitlist_offer: 'Waiting list: seats offered',
  waitlist_expired: 'Waiting list: offer expired',
  waitlist_left: 'Waiting list: left',
} as const;
export type TestEmailType = keyof typeof EMAIL_TYPE_LABELS;
const EMAIL_TYPE_VALUES = Object.keys(EMAIL_TYPE_LABELS) as [TestEmailType, ...TestEmailType[]];

/** The emails that carry a PDF (previewed at /api/test-pdf). */
const hasPdf = (type: TestEmailType) => (TEST_EMAIL_TYPES as readonly string[]).includes(type);

/** Send test email: the spec's address check, and any email type (issue 45). */
const sendTestEmailSchema = v.object({
  email: testEmailSchema.entries.email,
  type: v.picklist(EMAIL_TYPE_VALUES, 'Please select an email type'),
});

const subsection = css({ display: 'flex', flexDirection: 'column', gap: '3' });
const subsectionTitle = css({ fontWeight: 'semibold', textStyle: 'md' });
const subsectionHint = css({ color: 'fg.muted', textStyle: 'sm' });

export function TestEmailDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const form = useForm(sendTestEmailSchema, { email: '', type: 'confirmation' as TestEmailType });
  const [previewType, setPreviewType] = useState<'email' | 'pdf'>('email');
  const [pending, setPending] = useState(false);
  const ids = useId();
  const type = form.values.type;
  const pdf = hasPdf(type) && previewType === 'pdf';

  // A new tab cannot send the bearer header: it opens at once (still inside the click, so no popup
  // blocker stops it) and is sent to the preview once the api has set the short-lived, httpOnly
  // preview cookie (scoped to the preview paths), so no credential goes into the URL.
  const openPreview = async (path: string, params: Record<string, string | number>) => {
    const tab = window.open('', '_blank');
    try {
      await api.post(ADMIN_PATHS.previewSession);
      const url = buildUrl(path, params);
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      } else {
        window.open(url, '_blank', 'noopener');
      }
    } catch (err) {
      tab?.close();
      toaster.create({
        title: 'Preview failed',
        description: err instanceof Error ? err.message : 'Could not open the preview',
        type: 'error',
      });
    }
  };
  // A preview shows sample data: no recipient needed (issue 45).
  const preview = () => openPreview('/api/test-email', { type, render: 1 });
  const previewPdf = () => openPreview('/api/test-pdf', { type });
  const send = form.handleSubmit(async ({ email, type }) => {
    setPending(true);
    try {
      const res = await api.get<{ success: boolean; message?: string }>('/api/test-email', { email, type });
      if (res?.success) {
        toaster.create({ title: 'Email Sent', description: res.message, type: 'success' });
      } else {
        toaster.create({
          title: 'Email Test Failed',
          description: res?.message || 'There was a problem sending the test email',
          type: 'error',
        });
      }
    } catch {
      toaster.create({ title: 'Email Test Failed', description: 'Failed to send email', type: 'error' });
    } finally {
      setPending(false);
    }
  });

  return (
    <Dialog.Root size="lg" open={open} onOpenChange={(e) => onOpenChange(e.open)}>
      <Dialog.Portal>
        <form ref={form.formRef} onSubmit={send} noValidate className={css({ display: 'contents' })}>
          <Dialog.Header>
            <Dialog.Title>Test Email Template</Dialog.Title>
            <Dialog.Description>
              Preview any email the system sends with sample data, or send one to an address.
            </Dialog.Description>
          </Dialog.Header>
          <Dialog.Body>
            <Stack gap="6" pb="2">
              <section aria-labelledby={`${ids}-preview`} className={subsection}>
                <h3 id={`${ids}-preview`} className={subsectionTitle}>
                  Preview
                </h3>
                <p className={subsectionHint}>Opens in a new tab with sample data. No recipient needed.</p>
                <LabeledSelect
                  label="Email Type"
                  name="type"
                  value={type}
                  onChange={(e) => form.setValue('type', e.target.value as TestEmailType)}
                >
                  {EMAIL_TYPE_VALUES.map((t) => (
                    <option key={t} value={t}>
                      {EMAIL_TYPE_LABELS[t]}
                    </option>
                  ))}
                </LabeledSelect>
                {hasPdf(type) ? (
                  <RadioCards
                    legend="Preview Type"
                    name="previewType"
                    value={previewType}
                    onChange={setPreviewType}
                    options={[
                      { value: 'email', label: 'Email' },
                      { value: 'pdf', label: 'PDF' },
                    ]}
                  />
                ) : null}
                <div>
                  {pdf ? (
                    <Button variant="outline" onClick={() => void previewPdf()}>
                      Preview PDF
                    </Button>
                  ) : (
                    <Button variant="outline" onClick={() => void preview()}>
                      Preview
                    </Button>
                  )}
                </div>
              </section>
              <section aria-labelledby={`${ids}-send`} className={subsection}>
                <h3 id={`${ids}-send`} className={subsectionTitle}>
                  Send test email
                </h3>
                <p className={subsectionHint}>
                  Sends the {EMAIL_TYPE_LABELS[type]} email chosen above, with sample data, to this address.
                </p>
                <Field.TextField label="Recipient Email" type="email" required {...form.field('email')} />
                <div>
                  <Button type="submit" loading={pending}>
                    Send Test Email
                  </Button>
                </div>
              </section>
            </Stack>
          </Dialog.Body>
        </form>
        <Dialog.CloseButton />
      </Dialog.Portal>
    </Dialog.Root>
  );
}

const HELP_TEXT: Record<(typeof EMAIL_CONFIG_KEYS)[number], string> = {
  EMAIL_SENDER_NAME: 'The name emails are sent from.',
  EMAIL_SENDER_ADDRESS: 'The address emails are sent from.',
  EMAIL_CONFIRMATION_SUBJECT: 'Subject of the booking confirmation email.',
  EMAIL_CONFIRMATION_TEMPLATE: 'Body of the booking confirmation email (EJS).',
  EMAIL_REMINDER_SUBJECT: 'Subject of the appointment reminder email.',
  EMAIL_REMINDER_TEMPLATE: 'Body of the appointment reminder email (EJS).',
};

const code = css({
  fontFamily: 'mono',
  textStyle: 'sm',
  bg: 'bg.subtle',
  px: '1.5',
  py: '0.5',
  borderRadius: 'l1',
});

function ConfigurationsPanel() {
  const [testing, setTesting] = useState(false);

  return (
    <EntityTab
      entity={CONFIGURATION}
      toolbar={
        <Button variant="outline" onClick={() => setTesting(true)}>
          Test Email Template
        </Button>
      }
      empty="No email configurations found. Add one to get started."
      caption="Email configurations"
      columns={[
        {
          header: 'Key',
          cell: (c) => c.configKey,
          className: css({ fontFamily: 'mono', fontWeight: 'medium', whiteSpace: 'nowrap' }),
        },
        { header: 'Value', cell: (c) => truncate(c.configValue, 30), title: (c) => c.configValue },
        { header: 'Description', cell: (c) => c.description ?? '', className: cellStyle.muted },
        {
          header: 'Last Updated',
          cell: (c) => (
            <>
              {formatAdminDateTime(c.updatedAt)}
              {c.lastUpdatedBy ? (
                <span className={css({ display: 'block', color: 'fg.muted', textStyle: 'xs' })}>
                  by {describeActor(c.lastUpdatedBy, 'admin')}
                </span>
              ) : null}
            </>
          ),
          className: cellStyle.nowrap,
        },
      ]}
      dialog={({ item, ...slot }) => <EmailConfigDialog config={item} {...slot} />}
    >
      {testing ? <TestEmailDialog open onOpenChange={setTesting} /> : null}
    </EntityTab>
  );
}

/** Email Templates tab and /admin/email: Email Configurations, Template Variables, Help. */
export function EmailTemplatesTab() {
  return (
    <section aria-labelledby="email-heading">
      <SectionHeader
        id="email-heading"
        title="Email Templates"
        description="Sender details, subjects and the templates of the emails the system sends, and the privacy notice the booking form links to."
      />
      <Tabs.Root defaultValue="configurations" size="sm" lazyMount>
        <Tabs.List aria-label="Email settings">
          <Tabs.Trigger value="configurations">Email Configurations</Tabs.Trigger>
          <Tabs.Trigger value="variables">Template Variables</Tabs.Trigger>
          <Tabs.Trigger value="help">Help</Tabs.Trigger>
          <Tabs.Trigger value="privacy">Privacy Notice</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="configurations">
          <ConfigurationsPanel />
        </Tabs.Content>
        <Tabs.Content value="variables">
          <Stack gap="3">
            <p className={css({ color: 'fg.muted', textStyle: 'sm' })}>
              Templates use EJS syntax: write <code className={code}>{'<%= firstName %>'}</code> to insert a
              value.
            </p>
            <Table.Root caption="Template variables">
              <Table.Head>
                <Table.Row>
                  <Table.Header scope="col">Variable</Table.Header>
                  <Table.Header scope="col">Description</Table.Header>
                </Table.Row>
              </Table.Head>
              <Table.Body>
                {TEMPLATE_VARIABLES.map(({ name, description }) => (
                  <Table.Row key={name}>
                    <Table.Cell>
                      <code className={code}>{name}</code>
                    </Table.Cell>
                    <Table.Cell>{description}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Stack>
        </Tabs.Content>
        <Tabs.Content value="help">
          <Stack gap="3" textStyle="sm">
            <p>These configuration keys are used by the system:</p>
            <ul className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
              {EMAIL_CONFIG_KEYS.map((key) => (
                <li key={key}>
                  <code className={code}>{key}</code>{' '}
                  <span className={css({ color: 'fg.muted' })}>{HELP_TEXT[key]}</span>
                </li>
              ))}
            </ul>
            <p className={css({ color: 'fg.muted' })}>
              Templates use EJS syntax; see the Template Variables tab for the values available.
            </p>
          </Stack>
        </Tabs.Content>
        <Tabs.Content value="privacy">
          <Stack gap="4">
            <PrivacyNoticeCard />
            <RetentionCard />
          </Stack>
        </Tabs.Content>
      </Tabs.Root>
    </section>
  );
}
