import { apiKeyFormSchema } from '@hs/domain';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { HStack, Stack } from 'styled-system/jsx';
import { AlertTriangleIcon, CopyIcon, KeyIcon, MoreHorizontalIcon } from '../../components/icons';
import { Button, IconButton } from '../../components/ui/button';
import * as Dialog from '../../components/ui/dialog';
import * as Field from '../../components/ui/field';
import * as Menu from '../../components/ui/menu';
import { Switch } from '../../components/ui/switch';
import * as Table from '../../components/ui/table';
import { type ApiEnvelope, api } from '../../lib/api';
import { ConfirmDialog } from '../components/confirm-dialog';
import { FormDialog } from '../components/form-dialog';
import { ListState, SectionHeader } from '../components/section';
import { StatusBadge } from '../components/status-badge';
import {
  ADMIN_PATHS,
  formatAdminDate,
  formatAdminDateTime,
  toastMutationError,
  toastSuccess,
  useAdminList,
  useRefresh,
  useRemove,
} from '../lib/admin-api';
import { copyApiKey, copyKeyPrefix } from '../lib/clipboard';
import type { ApiKey } from '@hs/contracts';
import { useForm } from '../lib/use-form';

/** The list shows the first 10 characters of a key plus an ellipsis. */
export function maskKey(key: string): string {
  return `${key.slice(0, 10)}...`;
}

function NewKeyDialog({ apiKey, onClose }: { apiKey: string; onClose: () => void }) {
  return (
    <Dialog.Root open onOpenChange={(e) => !e.open && onClose()} closeOnInteractOutside={false}>
      <Dialog.Portal>
        <Dialog.Header>
          <Dialog.Title>API Key Generated</Dialog.Title>
          <Dialog.Description>Copy the key now: it is shown this once only.</Dialog.Description>
        </Dialog.Header>
        <Dialog.Body>
          <Stack gap="3">
            <HStack
              gap="2"
              p="3"
              borderWidth="1px"
              borderColor="border.default"
              borderRadius="l2"
              bg="bg.muted"
            >
              <code
                data-testid="new-api-key"
                className={css({ flex: '1', fontFamily: 'mono', textStyle: 'sm', wordBreak: 'break-all' })}
              >
                {apiKey}
              </code>
              <IconButton
                aria-label="Copy API key"
                variant="outline"
                size="sm"
                onClick={() => void copyApiKey(apiKey)}
              >
                <CopyIcon />
              </IconButton>
            </HStack>
            <HStack gap="2" color="warning.text" textStyle="sm" alignItems="flex-start">
              <AlertTriangleIcon />
              <span>Store it somewhere safe. You will not be able to see it again.</span>
            </HStack>
          </Stack>
        </Dialog.Body>
        <Dialog.Footer>
          <Button onClick={onClose}>Done</Button>
        </Dialog.Footer>
        <Dialog.CloseButton />
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export function ApiKeyDialog({
  apiKey,
  open,
  onOpenChange,
  onSaved,
}: {
  apiKey: ApiKey | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called with the full key after a creation. */
  onSaved: (createdKey?: string) => void;
}) {
  const form = useForm(apiKeyFormSchema, {
    description: apiKey?.description ?? '',
    isActive: apiKey?.isActive ?? true,
  });
  const [pending, setPending] = useState(false);

  const onSubmit = form.handleSubmit(async (body) => {
    setPending(true);
    try {
      if (apiKey) {
        await api.put(`${ADMIN_PATHS.apiKeys}/${apiKey.id}`, body);
        toastSuccess('API key updated');
        onSaved();
      } else {
        const res = await api.post<ApiEnvelope<ApiKey>>(ADMIN_PATHS.apiKeys, body);
        toastSuccess('API key created');
        onSaved(res?.data?.key);
      }
      onOpenChange(false);
    } catch (error) {
      toastMutationError(apiKey ? 'update' : 'create', 'API key', error);
    } finally {
      setPending(false);
    }
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={apiKey ? 'Edit API Key' : 'Generate New API Key'}
      description={
        apiKey ? 'Change the description or turn the key off.' : 'Partner systems call the API with this key.'
      }
      submitLabel={apiKey ? 'Update API Key' : 'Generate API Key'}
      pending={pending}
      onSubmit={onSubmit}
      formRef={form.formRef}
    >
      <Field.TextField
        label="Description"
        required
        placeholder="e.g. WhiteCoat integration"
        error={form.errors.description}
        {...form.text('description')}
      />
      <Switch checked={form.values.isActive} onCheckedChange={(e) => form.setValue('isActive', e.checked)}>
        Active
      </Switch>
    </FormDialog>
  );
}

export function ApiKeysTab() {
  const { items, error, isLoading } = useAdminList<ApiKey>(ADMIN_PATHS.apiKeys);
  const refresh = useRefresh(ADMIN_PATHS.apiKeys);
  const [editing, setEditing] = useState<{ apiKey: ApiKey | null } | null>(null);
  const [deleting, setDeleting] = useState<ApiKey | null>(null);
  const [createdKey, setCreatedKey] = useState<string | null>(null);

  const remove = useRemove(ADMIN_PATHS.apiKeys, 'API key', 'API key deleted');

  return (
    <section aria-labelledby="api-keys-heading">
      <SectionHeader
        id="api-keys-heading"
        title="API Keys"
        description="Keys for partner systems calling the API."
        action={
          <Button onClick={() => setEditing({ apiKey: null })}>
            <KeyIcon />
            Generate API Key
          </Button>
        }
      />
      <ListState
        isLoading={isLoading}
        error={error}
        isEmpty={!items?.length}
        empty="No API keys found. Generate one to get started."
      >
        <Table.Root caption="API keys">
          <Table.Head>
            <Table.Row>
              <Table.Header scope="col">Description</Table.Header>
              <Table.Header scope="col">Key</Table.Header>
              <Table.Header scope="col">Last Used</Table.Header>
              <Table.Header scope="col">Created</Table.Header>
              <Table.Header scope="col">Status</Table.Header>
              <Table.Header scope="col" textAlign="right">
                Actions
              </Table.Header>
            </Table.Row>
          </Table.Head>
          <Table.Body>
            {items?.map((k) => (
              <Table.Row key={k.id}>
                <Table.Cell fontWeight="medium">{k.description}</Table.Cell>
                <Table.Cell>
                  <HStack gap="1">
                    <code className={css({ fontFamily: 'mono', textStyle: 'sm', whiteSpace: 'nowrap' })}>
                      {maskKey(k.key)}
                    </code>
                    <IconButton
                      aria-label={`Copy key prefix ${k.description}`}
                      title="Copy the first 10 characters (the full key was shown once)"
                      variant="ghost"
                      size="sm"
                      onClick={() => void copyKeyPrefix(k.key)}
                    >
                      <CopyIcon />
                    </IconButton>
                  </HStack>
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">
                  {k.lastUsed ? formatAdminDateTime(k.lastUsed) : 'Never'}
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">{formatAdminDate(k.createdAt)}</Table.Cell>
                <Table.Cell>
                  <StatusBadge active={k.isActive} />
                </Table.Cell>
                <Table.Cell textAlign="right">
                  <Menu.Root
                    positioning={{ placement: 'bottom-end' }}
                    onSelect={(e) => (e.value === 'edit' ? setEditing({ apiKey: k }) : setDeleting(k))}
                  >
                    <Menu.Trigger asChild>
                      <IconButton aria-label={`Actions for ${k.description}`} variant="ghost" size="sm">
                        <MoreHorizontalIcon />
                      </IconButton>
                    </Menu.Trigger>
                    <Menu.Portalled>
                      <Menu.Item value="edit">Edit</Menu.Item>
                      <Menu.Item value="delete" data-variant="danger">
                        Delete
                      </Menu.Item>
                    </Menu.Portalled>
                  </Menu.Root>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </ListState>
      {editing ? (
        <ApiKeyDialog
          key={editing.apiKey?.id ?? 'new'}
          apiKey={editing.apiKey}
          open
          onOpenChange={(open) => !open && setEditing(null)}
          onSaved={(key) => {
            void refresh();
            if (key) setCreatedKey(key);
          }}
        />
      ) : null}
      {createdKey ? <NewKeyDialog apiKey={createdKey} onClose={() => setCreatedKey(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete API Key"
        description={`Are you sure you want to delete the API key "${deleting?.description ?? ''}"? This action cannot be undone.`}
        onConfirm={() => (deleting ? remove(deleting) : Promise.resolve())}
      />
    </section>
  );
}
