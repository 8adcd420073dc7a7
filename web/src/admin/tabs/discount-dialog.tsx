import {
  DISCOUNT_FORM_STEPS,
  DISCOUNT_VALIDATION_ERROR_TITLE,
  discountFormSchema,
  errorMap,
  formatDateOrNA,
  parseDiscountInstant,
  validate,
} from '@hs/domain';
import { type FormEvent, Fragment, useState } from 'react';
import { css } from 'styled-system/css';
import { Grid, Stack } from 'styled-system/jsx';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import * as Dialog from '../../components/ui/dialog';
import * as Field from '../../components/ui/field';
import { Switch } from '../../components/ui/switch';
import { Notice } from '../../components/notice';
import { type RadioOption, RadioCards } from '../components/radio-cards';
import {
  ActiveSwitch,
  DescriptionField,
  type Entity,
  type ItemDialogProps,
  useEntityDialog,
} from '../entity-tab';
import { ADMIN_PATHS } from '../lib/admin-api';
import type { Discount } from '@hs/contracts';

export interface DiscountValues extends Record<string, unknown> {
  name: string;
  lineItemLabel: string;
  discountType: '-' | 'promo' | 'bin';
  description: string;
  isActive: boolean;
  identifierPrefix: string;
  identifierLength: string;
  limitRedemption: boolean;
  maxRedemptions: string;
  limitBinRedemption: boolean;
  maxBinRedemptions: string;
  applicableForHealthScreening: boolean;
  applicableForAIA: boolean;
  applicableForRetail: boolean;
  applicableForChronic: boolean;
  applicableForPDT: boolean;
  discountValueType: 'percentage' | 'fixed';
  value: string;
  startDate: string;
  endDate: string;
}

/** Step 2's two limits: a switch, and while it is on the most redemptions it allows (0 = unlimited). */
const REDEMPTION_LIMITS = [
  {
    on: 'limitRedemption',
    max: 'maxRedemptions',
    switchLabel: 'Limit redemptions per code',
    label: 'Max Redemptions per code',
    helperText: 'How many bookings each code can be used on; 0 = unlimited',
  },
  {
    on: 'limitBinRedemption',
    max: 'maxBinRedemptions',
    switchLabel: 'Limit redemptions for the whole discount',
    label: 'Total Max Redemptions',
    helperText: 'How many bookings all its codes together can be used on; 0 = unlimited',
  },
] as const;

/**
 * The discount types in plain words, each with what it does in this product (issue 45); the API keeps
 * '-', 'promo' and 'bin'. A booking gets a discount only through a code a customer types, and codes
 * can be generated for promo discounts only; nothing reads a card's BIN.
 */
export const DISCOUNT_TYPES: readonly RadioOption<Discount['discountType']>[] = [
  {
    value: '-',
    label: 'Plain',
    description: 'No codes can be generated for it, and bookings take a discount only through a code.',
  },
  {
    value: 'promo',
    label: 'Promo codes',
    description: 'Generate codes to hand out; a customer types one when booking.',
  },
  {
    value: 'bin',
    label: 'Card range (BIN)',
    description: "A label only: no booking checks the card's number, and no codes can be generated for it.",
  },
];

export const discountTypeLabel = (type: Discount['discountType']): string =>
  DISCOUNT_TYPES.find((t) => t.value === type)?.label ?? type;

type ApplicabilityKey =
  | 'applicableForHealthScreening'
  | 'applicableForAIA'
  | 'applicableForRetail'
  | 'applicableForChronic'
  | 'applicableForPDT';

/**
 * The applicability flags in plain words (issue 45), in the list's order. A code works only on a
 * health-screening booking (every booking here is one), and on one by a verified AIA member only
 * with the AIA flag on (`isDiscountApplicable`); Retail, Chronic and PDT are only categories: stored
 * and shown, never checked.
 */
export const APPLICABILITY: readonly {
  key: ApplicabilityKey;
  label: string;
  help: string;
  checked: boolean;
}[] = [
  {
    key: 'applicableForHealthScreening',
    label: 'Health screening bookings',
    help: 'Must be on for its codes to work: every booking here is a health screening.',
    checked: true,
  },
  {
    key: 'applicableForAIA',
    label: 'AIA members',
    help: 'Lets a verified AIA member (booking at member prices) use it; off, their booking is refused the code.',
    checked: true,
  },
  {
    key: 'applicableForRetail',
    label: 'Retail',
    help: 'A category label only: shown in the list, never checked at booking.',
    checked: false,
  },
  {
    key: 'applicableForChronic',
    label: 'Chronic',
    help: 'A category label only: shown in the list, never checked at booking.',
    checked: false,
  },
  {
    key: 'applicableForPDT',
    label: 'PDT',
    help: 'A category label only: shown in the list, never checked at booking.',
    checked: false,
  },
];

export const DISCOUNT: Entity<Discount> = {
  path: ADMIN_PATHS.discounts,
  label: 'Discount',
  noun: 'discount',
  name: (d) => d.name,
};

/** A stored instant as the Singapore day for a date input. */
function toDay(value: string | null): string {
  return value ? formatDateOrNA(value, 'yyyy-MM-dd') : '';
}

export function discountValues(d: Discount | null): DiscountValues {
  return {
    name: d?.name ?? '',
    lineItemLabel: d?.lineItemLabel ?? '',
    discountType: d?.discountType ?? '-',
    description: d?.description ?? '',
    isActive: d?.isActive ?? true,
    identifierPrefix: d?.identifierPrefix ?? '',
    identifierLength: String(d?.identifierLength ?? 6),
    limitRedemption: d?.limitRedemption ?? false,
    maxRedemptions: d?.maxRedemptions == null ? '0' : String(d.maxRedemptions),
    limitBinRedemption: d?.limitBinRedemption ?? false,
    maxBinRedemptions: d?.maxBinRedemptions == null ? '0' : String(d.maxBinRedemptions),
    applicableForHealthScreening: d?.applicableForHealthScreening ?? true,
    applicableForAIA: d?.applicableForAIA ?? false,
    applicableForRetail: d?.applicableForRetail ?? false,
    applicableForChronic: d?.applicableForChronic ?? false,
    applicableForPDT: d?.applicableForPDT ?? false,
    discountValueType: d?.discountValueType === 'percentage' || !d ? 'percentage' : 'fixed',
    value: d?.value ?? '',
    startDate: toDay(d?.startDate ?? null),
    endDate: toDay(d?.endDate ?? null),
  };
}

/** Which step a field belongs to (for jumping back to the first error on submit). */
const FIELD_STEP: Record<string, number> = {
  name: 0,
  lineItemLabel: 0,
  discountType: 0,
  description: 0,
  isActive: 0,
  identifierPrefix: 0,
  identifierLength: 0,
  limitRedemption: 1,
  maxRedemptions: 1,
  limitBinRedemption: 1,
  maxBinRedemptions: 1,
  applicableForHealthScreening: 2,
  applicableForAIA: 2,
  applicableForRetail: 2,
  applicableForChronic: 2,
  applicableForPDT: 2,
  discountValueType: 3,
  value: 3,
  startDate: 3,
  endDate: 3,
};

const instant = (day: string | null, edge: 'start' | 'end') => {
  const t = parseDiscountInstant(day, edge);
  return t === null ? null : new Date(t).toISOString();
};

export function DiscountDialog({ discount, ...slot }: ItemDialogProps<'discount', Discount>) {
  const { form, save, pending } = useEntityDialog({
    entity: DISCOUNT,
    item: discount,
    schema: discountFormSchema,
    initial: discountValues(discount),
    ...slot,
  });
  const [step, setStep] = useState(0);
  const [stepErrors, setStepErrors] = useState<string[]>([]);
  const { values } = form;
  const last = step === DISCOUNT_FORM_STEPS.length - 1;

  const failStep = (messages: Record<string, string>) => {
    form.setErrors(messages);
    setStepErrors([...new Set(Object.values(messages))]);
    queueMicrotask(() => form.focusFirstInvalid(messages));
  };

  const next = () => {
    const result = validate(DISCOUNT_FORM_STEPS[step]!.schema, values);
    if (!result.ok) {
      failStep(errorMap(result.errors));
      return;
    }
    form.setErrors({});
    setStepErrors([]);
    setStep((s) => Math.min(s + 1, DISCOUNT_FORM_STEPS.length - 1));
  };

  const back = () => {
    setStepErrors([]);
    form.setErrors({});
    setStep((s) => Math.max(0, s - 1));
  };

  const submit = async () => {
    const result = validate(discountFormSchema, values);
    if (!result.ok) {
      const map = errorMap(result.errors);
      const firstStep = Math.min(...Object.keys(map).map((f) => FIELD_STEP[f] ?? 0));
      setStep(firstStep);
      failStep(map);
      return;
    }
    const out = result.value;
    await save({
      ...out,
      startDate: instant(out.startDate, 'start'),
      endDate: instant(out.endDate, 'end'),
    });
  };

  const onFormSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (last) void submit();
    else next();
  };

  const flag = ({ key, label, help }: (typeof APPLICABILITY)[number]) => (
    <Checkbox
      key={key}
      checked={Boolean(values[key])}
      onCheckedChange={(e) => form.setValue(key, e.checked === true)}
      className={css({ alignItems: 'flex-start' })}
    >
      <span className={css({ display: 'flex', flexDirection: 'column' })}>
        <span>{label}</span>
        <span className={css({ color: 'fg.muted', textStyle: 'xs', fontWeight: 'normal' })}>{help}</span>
      </span>
    </Checkbox>
  );
  const flagGroup = (legend: string, checked: boolean) => (
    <fieldset className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
      <legend className={css({ fontWeight: 'medium', textStyle: 'sm', mb: '2' })}>{legend}</legend>
      {APPLICABILITY.filter((f) => f.checked === checked).map(flag)}
    </fieldset>
  );

  return (
    <Dialog.Root size="lg" open={slot.open} onOpenChange={(e) => slot.onOpenChange(e.open)}>
      <Dialog.Portal>
        <form ref={form.formRef} onSubmit={onFormSubmit} noValidate className={css({ display: 'contents' })}>
          <Dialog.Header>
            <Dialog.Title>{discount ? 'Edit Discount' : 'Create Discount'}</Dialog.Title>
            <Dialog.Description>
              Step {step + 1} of {DISCOUNT_FORM_STEPS.length}: {DISCOUNT_FORM_STEPS[step]!.title}
            </Dialog.Description>
            <ol aria-label="Steps" className={css({ display: 'flex', gap: '1.5', mt: '2' })}>
              {DISCOUNT_FORM_STEPS.map((s, i) => (
                <li
                  key={s.title}
                  aria-current={i === step ? 'step' : undefined}
                  title={s.title}
                  className={css({
                    flex: '1',
                    h: '1.5',
                    borderRadius: 'full',
                    bg: i <= step ? 'accent.default' : 'bg.emphasized',
                  })}
                >
                  <span className={css({ srOnly: true })}>{s.title}</span>
                </li>
              ))}
            </ol>
          </Dialog.Header>
          <Dialog.Body>
            <Stack gap="4" pb="2">
              {stepErrors.length > 0 ? (
                <Notice tone="danger" size="sm">
                  <div>
                    <p className={css({ fontWeight: 'semibold' })}>{DISCOUNT_VALIDATION_ERROR_TITLE}</p>
                    <ul className={css({ mt: '1', pl: '6', listStyle: 'disc' })}>
                      {stepErrors.map((m) => (
                        <li key={m}>{m}</li>
                      ))}
                    </ul>
                  </div>
                </Notice>
              ) : null}

              {step === 0 ? (
                <>
                  <Field.TextField label="Name" required {...form.field('name')} />
                  <Field.TextField
                    label="Line Item Label"
                    helperText="The label shown on invoices."
                    {...form.field('lineItemLabel')}
                  />
                  <RadioCards
                    legend="Discount Type"
                    name="discountType"
                    value={values.discountType}
                    onChange={(t) => form.setValue('discountType', t)}
                    options={[...DISCOUNT_TYPES]}
                  />
                  {values.discountType === 'promo' ? (
                    <Grid columns={{ base: 1, sm: 2 }} gap="4">
                      <Field.TextField
                        label="Identifier Prefix"
                        required
                        placeholder="e.g. SUMMER"
                        {...form.field('identifierPrefix')}
                        onChange={(e) => form.setValue('identifierPrefix', e.target.value.toUpperCase())}
                      />
                      <Field.TextField
                        label="Identifier Length"
                        type="number"
                        min={1}
                        max={16}
                        {...form.field('identifierLength')}
                      />
                    </Grid>
                  ) : null}
                  <DescriptionField form={form} />
                  <ActiveSwitch form={form} />
                </>
              ) : null}

              {step === 1
                ? REDEMPTION_LIMITS.map((limit) => (
                    <Fragment key={limit.on}>
                      <Switch
                        checked={values[limit.on]}
                        onCheckedChange={(e) => form.setValue(limit.on, e.checked)}
                      >
                        {limit.switchLabel}
                      </Switch>
                      {values[limit.on] ? (
                        <Field.TextField
                          label={limit.label}
                          type="number"
                          min={0}
                          helperText={limit.helperText}
                          {...form.field(limit.max)}
                        />
                      ) : null}
                    </Fragment>
                  ))
                : null}

              {step === 2 ? (
                <>
                  {flagGroup('Who can use its codes', true)}
                  {flagGroup('Category labels (not checked at booking)', false)}
                </>
              ) : null}

              {step === 3 ? (
                <>
                  <RadioCards
                    legend="Value Type"
                    name="discountValueType"
                    value={values.discountValueType}
                    onChange={(t) => form.setValue('discountValueType', t)}
                    options={[
                      { value: 'percentage', label: 'Percentage (%)' },
                      { value: 'fixed', label: 'Fixed Amount ($)' },
                    ]}
                  />
                  <Field.TextField
                    label={values.discountValueType === 'percentage' ? 'Value (%)' : 'Value ($)'}
                    required
                    inputMode="decimal"
                    {...form.field('value')}
                  />
                  <Grid columns={{ base: 1, sm: 2 }} gap="4">
                    <Field.TextField label="Start Date" type="date" {...form.field('startDate')} />
                    <Field.TextField label="End Date" type="date" {...form.field('endDate')} />
                  </Grid>
                </>
              ) : null}
            </Stack>
          </Dialog.Body>
          <Dialog.Footer>
            <Button variant="outline" disabled={pending} onClick={() => slot.onOpenChange(false)}>
              Cancel
            </Button>
            {step > 0 ? (
              <Button variant="outline" onClick={back} disabled={pending}>
                Back
              </Button>
            ) : null}
            {last ? (
              <Button type="submit" loading={pending}>
                {discount ? 'Update Discount' : 'Create Discount'}
              </Button>
            ) : (
              <Button type="submit">Next</Button>
            )}
          </Dialog.Footer>
        </form>
        <Dialog.CloseButton />
      </Dialog.Portal>
    </Dialog.Root>
  );
}
