import { formatSGD, packageFormSchema, parseMoney } from '@hs/domain';
import type { AdminPackage } from '@hs/contracts';
import { css } from 'styled-system/css';
import { Grid } from 'styled-system/jsx';
import * as Field from '../../components/ui/field';
import { FormDialog } from '../components/form-dialog';
import { TranslationsFields } from '../components/translations-fields';
import {
  ActiveSwitch,
  CatalogueTab,
  cellStyle,
  DescriptionField,
  type Entity,
  type ItemDialogProps,
  statusColumn,
  useEntityDialog,
} from '../entity-tab';
import { ADMIN_PATHS, truncate } from '../lib/admin-api';

export function formatPrice(value: string | null | undefined): string {
  const cents = parseMoney(value ?? null);
  return cents === null ? '' : formatSGD(cents);
}

const PACKAGE: Entity<AdminPackage> = {
  path: ADMIN_PATHS.packages,
  label: 'Package',
  noun: 'package',
  name: (p) => p.name,
};

export function PackageDialog({ pkg, ...slot }: ItemDialogProps<'pkg', AdminPackage>) {
  const { form, props } = useEntityDialog({
    entity: PACKAGE,
    item: pkg,
    schema: packageFormSchema,
    initial: {
      name: pkg?.name ?? '',
      price: pkg?.price ?? '',
      aiaPrice: pkg?.aiaPrice ?? '',
      description: pkg?.description ?? '',
      isActive: pkg?.isActive ?? true,
      translations: pkg?.translations ?? {},
    },
    ...slot,
  });

  return (
    <FormDialog
      {...props}
      description={pkg ? 'Update the package details.' : 'Create a new screening package.'}
    >
      <Field.TextField label="Name" required {...form.field('name')} />
      <Grid columns={{ base: 1, sm: 2 }} gap="4">
        <Field.TextField
          label="Price (SGD)"
          required
          inputMode="decimal"
          placeholder="0.00"
          {...form.field('price')}
        />
        <Field.TextField
          label="AIA Price (SGD)"
          inputMode="decimal"
          placeholder="Optional"
          {...form.field('aiaPrice')}
        />
      </Grid>
      <DescriptionField form={form} />
      <TranslationsFields
        value={form.values.translations}
        onChange={(next) => form.setValue('translations', next)}
        errors={form.errors}
      />
      <ActiveSwitch form={form} />
    </FormDialog>
  );
}

export function PackagesTab() {
  return (
    <CatalogueTab
      entity={PACKAGE}
      description="Screening packages with their standard and AIA member prices."
      columns={[
        { header: 'Price', cell: (p) => formatPrice(p.price), className: cellStyle.nowrap },
        {
          header: 'Description',
          cell: (p) => truncate(p.description, 50),
          className: css({ color: 'fg.muted', maxW: 'xs' }),
          title: (p) => p.description ?? undefined,
        },
        statusColumn(),
      ]}
      dialog={({ item, ...slot }) => <PackageDialog pkg={item} {...slot} />}
    />
  );
}
