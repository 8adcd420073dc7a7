import { apiKeyFormSchema } from '@hs/domain';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { HStack } from 'styled-system/jsx';
import { AlertTriangleIcon, CopyIcon, KeyIcon } from '../../components/icons';
import { IconButton } from '../../components/ui/button';
import * as Field from '../../components/ui/field';
import type { ApiEnvelope } from '../../lib/api';
import { FormDialog } from '../components/form-dialog';
import {
  ActionsMenu,
  ActiveSwitch,
  cellStyle,
  editDeleteItems,
  type Entity,
  EntityTab,
  type ItemDialogProps,
  ShownOnceDialog,
  createdColumn,
  statusColumn,
  useEntityDialog,
} from '../entity-tab';
import { ADMIN_PATHS, formatAdminDateTime } from '../lib/admin-api';
import { copyApiKey, copyKeyPrefix } from '../lib/clipboard';
import type { ApiKey } from '@hs/contracts';

/** The list shows the first 10 characters of a key plus an ellipsis. */
export function maskKey(key: string): string {
  return `${key.slice(0, 10)}...`;
}

function NewKeyDialog({ apiKey, onClose }: { apiKey: string; onClose: () => void }) {
  return (
    <ShownOnceDialog
      title="API Key Generated"
      description="Copy the key now: it is shown this once only."
      value={apiKey}
      testId="new-api-key"
      copyLabel="Copy API key"
      onCopy={() => void copyApiKey(apiKey)}
      onClose={onClose}
    >
      <HStack gap="2" color="warning.text" textStyle="sm" alignItems="flex-start">
        <AlertTriangleIcon />
        <span>Store it somewhere safe. You will not be able to see it again.</span>
      </HStack>
    </ShownOnceDialog>
  );
}

const API_KEY: Entity<ApiKey> = {
  path: ADMIN_PATHS.apiKeys,
  label: 'API Key',
  noun: 'API key',
  name: (k) => k.description,
};

/** `onSaved` gets the full key after a creation. */
export function ApiKeyDialog({
  apiKey,
  onSaved,
  ...slot
}: ItemDialogProps<'apiKey', ApiKey, (createdKey?: string) => void>) {
  const { form, props } = useEntityDialog({
    entity: API_KEY,
    item: apiKey,
    schema: apiKeyFormSchema,
    initial: { description: apiKey?.description ?? '', isActive: apiKey?.isActive ?? true },
    ...slot,
    onSaved: (answer?: ApiEnvelope<ApiKey>) => onSaved(apiKey ? undefined : answer?.data?.key),
  });

  return (
    <FormDialog
      {...props}
      title={apiKey ? 'Edit API Key' : 'Generate New API Key'}
      description={
        apiKey ? 'Change the description or turn the key off.' : 'Partner systems call the API with this key.'
      }
      submitLabel={apiKey ? 'Update API Key' : 'Generate API Key'}
    >
      <Field.TextField
        label="Description"
        required
        placeholder="e.g. WhiteCoat integration"
        {...form.field('description')}
      />
      <ActiveSwitch form={form} />
    </FormDialog>
  );
}

export function ApiKeysTab() {
  const [createdKey, setCreatedKey] = useState<string | null>(null);

  return (
    <EntityTab
      entity={API_KEY}
      heading={{
        id: 'api-keys-heading',
        title: 'API Keys',
        description: 'Keys for partner systems calling the API.',
      }}
      addLabel="Generate API Key"
      addIcon={<KeyIcon />}
      empty="No API keys found. Generate one to get started."
      caption="API keys"
      columns={[
        { header: 'Description', cell: (k) => k.description, className: cellStyle.name },
        {
          header: 'Key',
          cell: (k) => (
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
          ),
        },
        {
          header: 'Last Used',
          cell: (k) => (k.lastUsed ? formatAdminDateTime(k.lastUsed) : 'Never'),
          className: cellStyle.nowrap,
        },
        createdColumn(),
        statusColumn(),
      ]}
      actions={(k, { edit, remove }) => (
        <ActionsMenu
          name={k.description}
          items={editDeleteItems()}
          onSelect={(value) => (value === 'edit' ? edit() : remove())}
        />
      )}
      dialog={({ item, onSaved, ...slot }) => (
        <ApiKeyDialog
          apiKey={item}
          {...slot}
          onSaved={(key) => {
            onSaved();
            if (key) setCreatedKey(key);
          }}
        />
      )}
    >
      {createdKey ? <NewKeyDialog apiKey={createdKey} onClose={() => setCreatedKey(null)} /> : null}
    </EntityTab>
  );
}
