import {
  DISCOUNT_CODE_COUNT_DEFAULT,
  formatDiscountValidity,
  formatDiscountValue,
  generateCodesSchema,
} from '@hs/domain';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { useAsyncAction } from '../components/use-async-action';
import { HStack, Stack } from 'styled-system/jsx';
import { CopyIcon, KeyIcon, PencilIcon, TrashIcon } from '../../components/icons';
import { Badge } from '../../components/ui/badge';
import { Button, IconButton } from '../../components/ui/button';
import * as Field from '../../components/ui/field';
import { toaster } from '../../components/ui/toaster';
import { type ApiEnvelope, api } from '../../lib/api';
import { FormDialog } from '../components/form-dialog';
import { cellStyle, EntityTab, statusColumn } from '../entity-tab';
import { ADMIN_PATHS, useRefresh } from '../lib/admin-api';
import { copyToClipboard } from '../lib/clipboard';
import type { Discount, GeneratedCode } from '@hs/contracts';
import { useForm } from '../lib/use-form';
import { APPLICABILITY, DISCOUNT, DiscountDialog, discountTypeLabel } from './discount-dialog';

/**
 * '3 used · 7 left', or '3 used · no limit': the server's count of redemptions held now (a cancelled
 * or expired booking gives its one back) and what the limits still allow.
 */
export function formatRedemptions(d: Pick<Discount, 'redemptionsUsed' | 'redemptionsLeft'>): string {
  const left = d.redemptionsLeft === null ? 'no limit' : `${d.redemptionsLeft} left`;
  return `${d.redemptionsUsed} used · ${left}`;
}

export function GenerateCodesDialog({
  discount,
  onClose,
  onGenerated,
}: {
  discount: Discount;
  onClose: () => void;
  onGenerated: () => void;
}) {
  const form = useForm(generateCodesSchema, { count: String(DISCOUNT_CODE_COUNT_DEFAULT) });
  const { pending, run } = useAsyncAction();
  const [codes, setCodes] = useState<GeneratedCode[] | null>(null);

  const onSubmit = form.handleSubmit(({ count }) =>
    run(async () => {
      const res = await api.post<ApiEnvelope<GeneratedCode[]>>(
        `${ADMIN_PATHS.discounts}/${discount.id}/generate-identifiers`,
        { count },
      );
      const list = res?.data ?? [];
      setCodes(list);
      toaster.create({
        title: 'Codes Generated',
        description: `Successfully generated ${list.length} discount codes.`,
        type: 'success',
      });
      onGenerated();
    }, 'Failed to generate discount codes'),
  );

  const copyAll = () =>
    copyToClipboard((codes ?? []).map((c) => c.identifier).join('\n'), {
      copied: 'Codes copied',
      failed: 'Could not copy codes to clipboard',
    });

  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Generate Discount Codes"
      description={
        <>
          Codes for "{discount.name}" ({discount.identifierPrefix || 'PROMO'} +{' '}
          {discount.identifierLength ?? 6} characters).
        </>
      }
      submitLabel="Generate Codes"
      cancelLabel={codes ? 'Close' : 'Cancel'}
      pending={pending}
      onSubmit={onSubmit}
      formRef={form.formRef}
    >
      <Field.TextField
        label="Number of codes"
        type="number"
        inputMode="numeric"
        min={1}
        max={1000}
        helperText="Between 1 and 1000."
        {...form.field('count')}
      />
      {codes ? (
        <Stack gap="2">
          <HStack justify="space-between">
            <span className={css({ fontWeight: 'medium', textStyle: 'sm' })}>
              Generated codes ({codes.length})
            </span>
            <Button size="sm" variant="outline" onClick={() => void copyAll()}>
              <CopyIcon />
              Copy All
            </Button>
          </HStack>
          <ul
            data-testid="generated-codes"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrolling list must be reachable by keyboard
            tabIndex={0}
            aria-label="Generated codes"
            className={css({
              maxH: '200px',
              overflowY: 'auto',
              borderWidth: '1px',
              borderColor: 'border.default',
              borderRadius: 'l2',
              bg: 'bg.muted',
              p: '2',
              fontFamily: 'mono',
              textStyle: 'sm',
              display: 'grid',
              gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' },
              gap: '1',
            })}
          >
            {codes.map((c) => (
              <li key={c.id}>{c.identifier}</li>
            ))}
          </ul>
        </Stack>
      ) : null}
    </FormDialog>
  );
}

export function DiscountsTab() {
  const refresh = useRefresh(ADMIN_PATHS.discounts);
  const [generating, setGenerating] = useState<Discount | null>(null);

  return (
    <EntityTab
      entity={DISCOUNT}
      heading={{
        id: 'discounts-heading',
        title: 'Discounts',
        description: 'Discounts, promo codes and where they apply.',
      }}
      empty="No discounts found. Add one to get started."
      caption="Discounts"
      rowClickEdits
      columns={[
        { header: 'Name', cell: (d) => d.name, className: cellStyle.name },
        { header: 'Type', cell: (d) => discountTypeLabel(d.discountType) },
        {
          header: 'Discount',
          cell: (d) => formatDiscountValue(d.discountValueType, d.value),
          className: cellStyle.nowrap,
        },
        statusColumn(),
        { header: 'Validity', cell: formatDiscountValidity, className: cellStyle.nowrap },
        { header: 'Redemptions', cell: formatRedemptions, className: cellStyle.nowrap },
        {
          header: 'Applies To',
          cell: (d) => (
            <HStack gap="1" flexWrap="wrap">
              {APPLICABILITY.filter((f) => d[f.key]).map((f) => (
                <Badge key={f.key} tone={f.checked ? 'accent' : 'neutral'}>
                  {f.label}
                </Badge>
              ))}
            </HStack>
          ),
        },
      ]}
      actions={(d, { edit, remove }) => (
        <HStack gap="1" justify="flex-end">
          {d.discountType === 'promo' ? (
            <IconButton
              size="sm"
              variant="ghost"
              aria-label={`Generate codes for ${d.name}`}
              title="Generate codes"
              onClick={() => setGenerating(d)}
            >
              <KeyIcon />
            </IconButton>
          ) : null}
          <IconButton size="sm" variant="ghost" aria-label={`Edit ${d.name}`} title="Edit" onClick={edit}>
            <PencilIcon />
          </IconButton>
          <IconButton
            size="sm"
            variant="ghost"
            color="danger.text"
            aria-label={`Delete ${d.name}`}
            title="Delete"
            onClick={remove}
          >
            <TrashIcon />
          </IconButton>
        </HStack>
      )}
      dialog={({ item, ...slot }) => <DiscountDialog discount={item} {...slot} />}
    >
      {generating ? (
        <GenerateCodesDialog
          discount={generating}
          onClose={() => setGenerating(null)}
          onGenerated={() => void refresh()}
        />
      ) : null}
    </EntityTab>
  );
}
