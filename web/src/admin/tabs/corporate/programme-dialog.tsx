import { type ProgrammeInput, programmeSchema } from '@hs/domain';
import type { AdminEvent, AdminPackage, Programme } from '@hs/contracts';
import { useState } from 'react';
import { Grid } from 'styled-system/jsx';
import * as Field from '../../../components/ui/field';
import { Switch } from '../../../components/ui/switch';
import { FormDialog } from '../../components/form-dialog';
import { LabeledSelect } from '../../components/labeled-select';
import { ActiveSwitch, type Entity, type ItemDialogProps, useEntityDialog } from '../../entity-tab';
import { ADMIN_PATHS, useAdminList } from '../../lib/admin-api';
import { IdChecklist } from './id-checklist';
import { CORPORATE_PATHS, PAYMENT_RULE_LABELS } from './paths';

export const PROGRAMME: Entity<Programme> = {
  path: CORPORATE_PATHS.programmes,
  label: 'Programme',
  noun: 'programme',
  name: (p) => p.name,
};

/** What a programme is sent as (PUT takes the whole body): `amount` only for the rules that use it. */
export function programmeBody(p: Omit<ProgrammeInput, 'amount'> & { amount: string | null }) {
  return {
    companyId: p.companyId,
    name: p.name,
    code: p.code,
    startsOn: p.startsOn,
    endsOn: p.endsOn,
    eventIds: p.eventIds,
    packageIds: p.packageIds,
    bookingCap: p.bookingCap,
    entitlement: p.entitlement,
    emailDomains: p.emailDomains,
    useRoster: p.useRoster,
    paymentRule: p.paymentRule,
    amount: p.paymentRule === 'company_pays_all' ? null : p.amount,
    hrSeesNames: p.hrSeesNames,
    isActive: p.isActive,
  };
}

const splitDomains = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((d) => d.trim())
    .filter(Boolean);

/**
 * Create or edit a programme of `companyId`: what it covers and when, who is eligible (email domains,
 * the roster or both), how many bookings each and in all, who pays, and whether HR sees names.
 */
export function ProgrammeDialog({
  programme,
  companyId,
  ...slot
}: ItemDialogProps<'programme', Programme> & { companyId: number }) {
  const { items: events } = useAdminList<AdminEvent>(ADMIN_PATHS.events);
  const { items: packages } = useAdminList<AdminPackage>(ADMIN_PATHS.packages);
  const { form, props, save } = useEntityDialog({
    entity: PROGRAMME,
    item: programme,
    schema: programmeSchema,
    initial: {
      companyId: programme?.companyId ?? companyId,
      name: programme?.name ?? '',
      code: programme?.code ?? '',
      startsOn: programme?.startsOn ?? '',
      endsOn: programme?.endsOn ?? '',
      eventIds: programme?.eventIds ?? [],
      packageIds: programme?.packageIds ?? [],
      bookingCap: programme?.bookingCap == null ? '' : String(programme.bookingCap),
      entitlement: String(programme?.entitlement ?? 1),
      emailDomains: programme?.emailDomains ?? [],
      useRoster: programme?.useRoster ?? false,
      paymentRule: programme?.paymentRule ?? 'company_pays_all',
      amount: programme?.amount ?? '',
      hrSeesNames: programme?.hrSeesNames ?? false,
      isActive: programme?.isActive ?? true,
    },
    failure: 'inline',
    ...slot,
  });
  const [domainsText, setDomainsText] = useState((programme?.emailDomains ?? []).join(', '));
  const rule = form.values.paymentRule;
  const onSubmit = form.handleSubmit(async (body) => {
    await save(programmeBody(body));
  });

  return (
    <FormDialog
      {...props}
      onSubmit={onSubmit}
      size="lg"
      description={
        programme
          ? `Update ${programme.name}.`
          : 'Staff of the company book the covered packages at /c/{code}.'
      }
    >
      <Grid columns={{ base: 1, sm: 2 }} gap="4">
        <Field.TextField label="Name" required {...form.field('name')} />
        <Field.TextField
          label="Code"
          required
          placeholder="acme-2026"
          helperText={`Its link: /c/${form.values.code || '{code}'}`}
          {...form.field('code')}
        />
        <Field.TextField label="Starts on" type="date" required {...form.field('startsOn')} />
        <Field.TextField label="Ends on" type="date" required {...form.field('endsOn')} />
      </Grid>
      <IdChecklist
        name="eventIds"
        legend="Events covered"
        options={events?.map((e) => ({ id: e.id, name: e.name }))}
        value={form.values.eventIds}
        error={form.errors.eventIds}
        onChange={(ids) => form.setValue('eventIds', ids)}
      />
      <IdChecklist
        name="packageIds"
        legend="Packages covered"
        options={packages?.map((p) => ({ id: p.id, name: p.name, hint: `S$${p.price}` }))}
        value={form.values.packageIds}
        error={form.errors.packageIds}
        onChange={(ids) => form.setValue('packageIds', ids)}
      />
      <Grid columns={{ base: 1, sm: 2 }} gap="4">
        <Field.TextField
          label="Booking cap"
          inputMode="numeric"
          placeholder="No cap"
          helperText="Bookings the whole programme allows."
          {...form.field('bookingCap')}
        />
        <Field.TextField
          label="Bookings per employee"
          inputMode="numeric"
          required
          {...form.field('entitlement')}
        />
      </Grid>
      <Field.TextField
        label="Email domains"
        name="emailDomains"
        placeholder="acme-logistics.sg, acme.com"
        helperText="Work-email domains that are eligible (their sub-domains too). Separate with commas."
        value={domainsText}
        error={form.errors.emailDomains}
        onChange={(e) => {
          setDomainsText(e.target.value);
          form.setValue('emailDomains', splitDomains(e.target.value));
        }}
        onBlur={() => form.blur('emailDomains')}
      />
      <Switch checked={form.values.useRoster} onCheckedChange={(e) => form.setValue('useRoster', e.checked)}>
        Employees on the roster are eligible
      </Switch>
      <Grid columns={{ base: 1, sm: 2 }} gap="4">
        <LabeledSelect
          label="Who pays"
          name="paymentRule"
          required
          value={rule}
          error={form.errors.paymentRule}
          onChange={(e) => form.setValue('paymentRule', e.target.value as typeof rule)}
        >
          {Object.entries(PAYMENT_RULE_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </LabeledSelect>
        {rule === 'company_pays_all' ? null : (
          <Field.TextField
            label={
              rule === 'company_pays_up_to'
                ? 'Company pays up to (SGD, GST incl.)'
                : 'Corporate price (SGD, before GST)'
            }
            inputMode="decimal"
            required
            placeholder="0.00"
            {...form.field('amount')}
          />
        )}
      </Grid>
      <Switch
        checked={form.values.hrSeesNames}
        onCheckedChange={(e) => form.setValue('hrSeesNames', e.checked)}
      >
        HR may see the names of employees who agree (never what they booked)
      </Switch>
      <ActiveSwitch form={form} />
    </FormDialog>
  );
}
