import { formatSGD, packageFormSchema, parseMoney } from '@hs/domain';
import { useState } from 'react';
import { Grid } from 'styled-system/jsx';
import { PlusIcon } from '../../components/icons';
import { Button } from '../../components/ui/button';
import * as Field from '../../components/ui/field';
import { Switch } from '../../components/ui/switch';
import * as Table from '../../components/ui/table';
import { api } from '../../lib/api';
import { ConfirmDialog } from '../components/confirm-dialog';
import { FormDialog } from '../components/form-dialog';
import { RowActions } from '../components/row-actions';
import { ListState, SectionHeader } from '../components/section';
import { StatusBadge } from '../components/status-badge';
import {
  ADMIN_PATHS,
  toastMutationError,
  toastSuccess,
  truncate,
  useAdminList,
  useRefresh,
  useRemove,
} from '../lib/admin-api';
import type { AdminPackage } from '@hs/contracts';
import { useForm } from '../lib/use-form';

export function formatPrice(value: string | null | undefined): string {
  const cents = parseMoney(value ?? null);
  return cents === null ? '' : formatSGD(cents);
}

interface PackageValues extends Record<string, unknown> {
  name: string;
  price: string;
  aiaPrice: string;
  description: string;
  isActive: boolean;
}

export function PackageDialog({
  pkg,
  open,
  onOpenChange,
  onSaved,
}: {
  pkg: AdminPackage | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: () => void;
}) {
  const form = useForm(packageFormSchema, {
    name: pkg?.name ?? '',
    price: pkg?.price ?? '',
    aiaPrice: pkg?.aiaPrice ?? '',
    description: pkg?.description ?? '',
    isActive: pkg?.isActive ?? true,
  } satisfies PackageValues);
  const [pending, setPending] = useState(false);

  const onSubmit = form.handleSubmit(async (body) => {
    setPending(true);
    try {
      if (pkg) await api.put(`${ADMIN_PATHS.packages}/${pkg.id}`, body);
      else await api.post(ADMIN_PATHS.packages, body);
      toastSuccess(pkg ? 'Package updated' : 'Package created');
      onSaved();
      onOpenChange(false);
    } catch (error) {
      toastMutationError(pkg ? 'update' : 'create', 'package', error);
    } finally {
      setPending(false);
    }
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={pkg ? 'Edit Package' : 'Add Package'}
      description={pkg ? 'Update the package details.' : 'Create a new screening package.'}
      submitLabel={pkg ? 'Update Package' : 'Create Package'}
      pending={pending}
      onSubmit={onSubmit}
      formRef={form.formRef}
    >
      <Field.TextField label="Name" required error={form.errors.name} {...form.text('name')} />
      <Grid columns={{ base: 1, sm: 2 }} gap="4">
        <Field.TextField
          label="Price (SGD)"
          required
          inputMode="decimal"
          placeholder="0.00"
          error={form.errors.price}
          {...form.text('price')}
        />
        <Field.TextField
          label="AIA Price (SGD)"
          inputMode="decimal"
          placeholder="Optional"
          error={form.errors.aiaPrice}
          {...form.text('aiaPrice')}
        />
      </Grid>
      <Field.Root invalid={Boolean(form.errors.description)}>
        <Field.Label>Description</Field.Label>
        <Field.Textarea {...form.text('description')} />
        <Field.ErrorText>{form.errors.description}</Field.ErrorText>
      </Field.Root>
      <Switch checked={form.values.isActive} onCheckedChange={(e) => form.setValue('isActive', e.checked)}>
        Active
      </Switch>
    </FormDialog>
  );
}

export function PackagesTab() {
  const { items, error, isLoading } = useAdminList<AdminPackage>(ADMIN_PATHS.packages);
  const refresh = useRefresh(ADMIN_PATHS.packages);
  const [editing, setEditing] = useState<{ pkg: AdminPackage | null } | null>(null);
  const [deleting, setDeleting] = useState<AdminPackage | null>(null);

  const remove = useRemove(ADMIN_PATHS.packages, 'package', 'Package deleted');

  return (
    <section aria-labelledby="packages-heading">
      <SectionHeader
        id="packages-heading"
        title="Packages"
        description="Screening packages with their standard and AIA member prices."
        action={
          <Button onClick={() => setEditing({ pkg: null })}>
            <PlusIcon />
            Add Package
          </Button>
        }
      />
      <ListState
        isLoading={isLoading}
        error={error}
        isEmpty={!items?.length}
        empty="No packages found. Add one to get started."
      >
        <Table.Root caption="Packages">
          <Table.Head>
            <Table.Row>
              <Table.Header scope="col">Name</Table.Header>
              <Table.Header scope="col">Price</Table.Header>
              <Table.Header scope="col">Description</Table.Header>
              <Table.Header scope="col">Status</Table.Header>
              <Table.Header scope="col" textAlign="right">
                Actions
              </Table.Header>
            </Table.Row>
          </Table.Head>
          <Table.Body>
            {items?.map((pkg) => (
              <Table.Row key={pkg.id}>
                <Table.Cell fontWeight="medium">{pkg.name}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{formatPrice(pkg.price)}</Table.Cell>
                <Table.Cell color="fg.muted" maxW="xs" title={pkg.description ?? undefined}>
                  {truncate(pkg.description, 50)}
                </Table.Cell>
                <Table.Cell>
                  <StatusBadge active={pkg.isActive} />
                </Table.Cell>
                <Table.Cell>
                  <RowActions
                    name={pkg.name}
                    onEdit={() => setEditing({ pkg })}
                    onDelete={() => setDeleting(pkg)}
                  />
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </ListState>
      {editing ? (
        <PackageDialog
          key={editing.pkg?.id ?? 'new'}
          pkg={editing.pkg}
          open
          onOpenChange={(open) => !open && setEditing(null)}
          onSaved={() => void refresh()}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete Package"
        description={`Are you sure you want to delete the package "${deleting?.name ?? ''}"? This action cannot be undone.`}
        onConfirm={() => (deleting ? remove(deleting) : Promise.resolve())}
      />
    </section>
  );
}
