import { companySchema } from '@hs/domain';
import type { Company } from '@hs/contracts';
import { Grid } from 'styled-system/jsx';
import * as Field from '../../../components/ui/field';
import { FormDialog } from '../../components/form-dialog';
import { ActiveSwitch, type Entity, type ItemDialogProps, useEntityDialog } from '../../entity-tab';
import { CORPORATE_PATHS } from './paths';

export const COMPANY: Entity<Company> = {
  path: CORPORATE_PATHS.companies,
  label: 'Company',
  noun: 'company',
  name: (c) => c.name,
};

/** What a company is sent as (PUT takes the whole body). */
export function companyBody(c: Company) {
  return {
    name: c.name,
    uen: c.uen,
    billingAddress: c.billingAddress,
    billingEmail: c.billingEmail,
    gstRegistrationNumber: c.gstRegistrationNumber,
    poReference: c.poReference,
    isActive: c.isActive,
  };
}

/** Create or edit a company: who it is and where its invoices go. */
export function CompanyDialog({ company, ...slot }: ItemDialogProps<'company', Company>) {
  const { form, props } = useEntityDialog({
    entity: COMPANY,
    item: company,
    schema: companySchema,
    initial: {
      name: company?.name ?? '',
      uen: company?.uen ?? '',
      billingAddress: company?.billingAddress ?? '',
      billingEmail: company?.billingEmail ?? '',
      gstRegistrationNumber: company?.gstRegistrationNumber ?? '',
      poReference: company?.poReference ?? '',
      isActive: company?.isActive ?? true,
    },
    ...slot,
  });
  return (
    <FormDialog
      {...props}
      description={company ? 'Update the company details.' : 'A company that pays for its staff screenings.'}
    >
      <Field.TextField label="Name" required {...form.field('name')} />
      <Grid columns={{ base: 1, sm: 2 }} gap="4">
        <Field.TextField label="UEN" required placeholder="201912345K" {...form.field('uen')} />
        <Field.TextField
          label="GST registration number"
          placeholder="Optional"
          {...form.field('gstRegistrationNumber')}
        />
      </Grid>
      <Field.Root invalid={Boolean(form.errors.billingAddress)} required>
        <Field.Label>
          Billing address
          <Field.RequiredIndicator />
        </Field.Label>
        <Field.Textarea rows={3} {...form.text('billingAddress')} />
        <Field.ErrorText>{form.errors.billingAddress}</Field.ErrorText>
      </Field.Root>
      <Grid columns={{ base: 1, sm: 2 }} gap="4">
        <Field.TextField
          label="Billing email"
          type="email"
          required
          helperText="Tax invoices are emailed here."
          {...form.field('billingEmail')}
        />
        <Field.TextField label="PO reference" placeholder="Optional" {...form.field('poReference')} />
      </Grid>
      <ActiveSwitch form={form} />
    </FormDialog>
  );
}
