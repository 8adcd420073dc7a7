import {
  EMAIL_CONFIG_KEYS,
  emailConfigSchema,
  emailConfigUpdateSchema,
  TEMPLATE_VARIABLES,
  type TEST_EMAIL_TYPES,
  testEmailSchema,
} from '@hs/domain';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { HStack, Stack } from 'styled-system/jsx';
import { PlusIcon } from '../../components/icons';
import { Button } from '../../components/ui/button';
import * as Dialog from '../../components/ui/dialog';
import * as Field from '../../components/ui/field';
import * as Table from '../../components/ui/table';
import * as Tabs from '../../components/ui/tabs';
import { toaster } from '../../components/ui/toaster';
import { api, buildUrl } from '../../lib/api';
import { ConfirmDialog } from '../components/confirm-dialog';
import { FormDialog } from '../components/form-dialog';
import { RadioCards } from '../components/radio-cards';
import { RowActions } from '../components/row-actions';
import { ListState, SectionHeader } from '../components/section';
import {
  ADMIN_PATHS,
  describeActor,
  formatAdminDateTime,
  toastMutationError,
  toastSuccess,
  truncate,
  useAdminList,
  useRefresh,
  useRemove,
} from '../lib/admin-api';
import type { EmailConfig } from '@hs/contracts';
import { useForm } from '../lib/use-form';
import { PrivacyNoticeCard } from './privacy-notice-card';
import { RetentionCard } from './retention-card';

/** Spec: the value input is an email input when the setting is an e-mail address. */
export function valueInputKind(configKey: string): 'email' | 'textarea' | 'text' {
  if (/TEMPLATE$/i.test(configKey)) return 'textarea';
  if (/email/i.test(configKey) && !/(SUBJECT|NAME)$/i.test(configKey)) return 'email';
  return 'text';
}

export function EmailConfigDialog({
  config,
  open,
  onOpenChange,
  onSaved,
}: {
  config: EmailConfig | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: () => void;
}) {
  const form = useForm(config ? emailConfigUpdateSchema : emailConfigSchema, {
    configKey: config?.configKey ?? '',
    configValue: config?.configValue ?? '',
    description: config?.description ?? '',
  });
  const [pending, setPending] = useState(false);
  const kind = valueInputKind(form.values.configKey);

  const onSubmit = form.handleSubmit(async (body) => {
    setPending(true);
    try {
      if (config) await api.patch(`${ADMIN_PATHS.emailConfigs}/${config.id}`, body);
      else await api.post(ADMIN_PATHS.emailConfigs, body);
      toastSuccess(config ? 'Configuration updated' : 'Configuration created');
      onSaved();
      onOpenChange(false);
    } catch (error) {
      toastMutationError(config ? 'update' : 'create', 'configuration', error);
    } finally {
      setPending(false);
    }
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={config ? 'Edit Configuration' : 'Add Configuration'}
      description="Email settings and templates (EJS syntax)."
      submitLabel={config ? 'Update Configuration' : 'Create Configuration'}
      pending={pending}
      onSubmit={onSubmit}
      formRef={form.formRef}
      size="lg"
    >
      <Field.TextField
        label="Key"
        required
        readOnly={Boolean(config)}
        helperText={config ? 'The key cannot be changed.' : 'e.g. EMAIL_SENDER_NAME'}
        error={form.errors.configKey}
        {...form.text('configKey')}
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
        <Field.TextField
          label="Value"
          required
          type={kind}
          error={form.errors.configValue}
          {...form.text('configValue')}
        />
      )}
      <Field.Root invalid={Boolean(form.errors.description)}>
        <Field.Label>Description</Field.Label>
        <Field.Textarea {...form.text('description')} />
        <Field.ErrorText>{form.errors.description}</Field.ErrorText>
      </Field.Root>
    </FormDialog>
  );
}

type TestEmailType = (typeof TEST_EMAIL_TYPES)[number];

export function TestEmailDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const form = useForm(testEmailSchema, { email: '', type: 'confirmation' as TestEmailType });
  const [previewType, setPreviewType] = useState<'email' | 'pdf'>('email');
  const [pending, setPending] = useState(false);

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
  const preview = form.handleSubmit(({ email, type }) =>
    openPreview('/api/test-email', { email, type, render: 1 }),
  );
  const previewPdf = () => openPreview('/api/test-pdf', { type: form.values.type });
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
              Preview a template or send it to an address with sample data.
            </Dialog.Description>
          </Dialog.Header>
          <Dialog.Body>
            <Stack gap="4" pb="2">
              <Field.TextField
                label="Recipient Email"
                type="email"
                required
                error={form.errors.email}
                {...form.text('email')}
              />
              <RadioCards
                legend="Email Type"
                name="type"
                value={form.values.type}
                onChange={(t) => form.setValue('type', t)}
                options={[
                  { value: 'confirmation', label: 'Confirmation' },
                  { value: 'invoice', label: 'Invoice' },
                  { value: 'receipt', label: 'Receipt' },
                ]}
              />
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
            </Stack>
          </Dialog.Body>
          <Dialog.Footer>
            {previewType === 'pdf' ? (
              <Button variant="outline" onClick={previewPdf}>
                Preview PDF
              </Button>
            ) : (
              <Button variant="outline" onClick={() => void preview()}>
                Preview Template
              </Button>
            )}
            <Button type="submit" loading={pending}>
              Send Test Email
            </Button>
          </Dialog.Footer>
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
  const { items, error, isLoading } = useAdminList<EmailConfig>(ADMIN_PATHS.emailConfigs);
  const refresh = useRefresh(ADMIN_PATHS.emailConfigs);
  const [editing, setEditing] = useState<{ config: EmailConfig | null } | null>(null);
  const [deleting, setDeleting] = useState<EmailConfig | null>(null);
  const [testing, setTesting] = useState(false);

  const remove = useRemove(ADMIN_PATHS.emailConfigs, 'configuration', 'Configuration deleted');

  return (
    <Stack gap="4">
      <HStack gap="2" justify="flex-end" flexWrap="wrap">
        <Button variant="outline" onClick={() => setTesting(true)}>
          Test Email Template
        </Button>
        <Button onClick={() => setEditing({ config: null })}>
          <PlusIcon />
          Add Configuration
        </Button>
      </HStack>
      <ListState
        isLoading={isLoading}
        error={error}
        isEmpty={!items?.length}
        empty="No email configurations found. Add one to get started."
      >
        <Table.Root caption="Email configurations">
          <Table.Head>
            <Table.Row>
              <Table.Header scope="col">Key</Table.Header>
              <Table.Header scope="col">Value</Table.Header>
              <Table.Header scope="col">Description</Table.Header>
              <Table.Header scope="col">Last Updated</Table.Header>
              <Table.Header scope="col" textAlign="right">
                Actions
              </Table.Header>
            </Table.Row>
          </Table.Head>
          <Table.Body>
            {items?.map((c) => (
              <Table.Row key={c.id}>
                <Table.Cell fontFamily="mono" fontWeight="medium" whiteSpace="nowrap">
                  {c.configKey}
                </Table.Cell>
                <Table.Cell title={c.configValue}>{truncate(c.configValue, 30)}</Table.Cell>
                <Table.Cell color="fg.muted">{c.description ?? ''}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">
                  {formatAdminDateTime(c.updatedAt)}
                  {c.lastUpdatedBy ? (
                    <span className={css({ display: 'block', color: 'fg.muted', textStyle: 'xs' })}>
                      by {describeActor(c.lastUpdatedBy)}
                    </span>
                  ) : null}
                </Table.Cell>
                <Table.Cell>
                  <RowActions
                    name={c.configKey}
                    onEdit={() => setEditing({ config: c })}
                    onDelete={() => setDeleting(c)}
                  />
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </ListState>
      {editing ? (
        <EmailConfigDialog
          key={editing.config?.id ?? 'new'}
          config={editing.config}
          open
          onOpenChange={(open) => !open && setEditing(null)}
          onSaved={() => void refresh()}
        />
      ) : null}
      {testing ? <TestEmailDialog open onOpenChange={setTesting} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete Configuration"
        description={`Are you sure you want to delete the configuration "${deleting?.configKey ?? ''}"? This action cannot be undone.`}
        onConfirm={() => (deleting ? remove(deleting) : Promise.resolve())}
      />
    </Stack>
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
