import {
  applicabilityBadges,
  DISCOUNT_CODE_COUNT_DEFAULT,
  formatDiscountType,
  formatDiscountValidity,
  formatDiscountValue,
  generateCodesSchema,
} from '@hs/domain';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { HStack, Stack } from 'styled-system/jsx';
import { CopyIcon, KeyIcon, PencilIcon, PlusIcon, TrashIcon } from '../../components/icons';
import { Badge } from '../../components/ui/badge';
import { Button, IconButton } from '../../components/ui/button';
import * as Dialog from '../../components/ui/dialog';
import * as Field from '../../components/ui/field';
import * as Table from '../../components/ui/table';
import { toaster } from '../../components/ui/toaster';
import { type ApiEnvelope, api } from '../../lib/api';
import { ConfirmDialog } from '../components/confirm-dialog';
import { ListState, SectionHeader } from '../components/section';
import { StatusBadge } from '../components/status-badge';
import { ADMIN_PATHS, failureMessage, useAdminList, useRefresh, useRemove } from '../lib/admin-api';
import { copyToClipboard } from '../lib/clipboard';
import type { Discount, GeneratedCode } from '@hs/contracts';
import { useForm } from '../lib/use-form';
import { DiscountDialog } from './discount-dialog';

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
  const [pending, setPending] = useState(false);
  const [codes, setCodes] = useState<GeneratedCode[] | null>(null);

  const onSubmit = form.handleSubmit(async ({ count }) => {
    setPending(true);
    try {
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
    } catch (error) {
      toaster.create({
        title: 'Error',
        description: `Failed to generate discount codes: ${failureMessage(error)}`,
        type: 'error',
      });
    } finally {
      setPending(false);
    }
  });

  const copyAll = () =>
    copyToClipboard((codes ?? []).map((c) => c.identifier).join('\n'), {
      copied: 'Codes copied',
      failed: 'Could not copy codes to clipboard',
    });

  return (
    <Dialog.Root open onOpenChange={(e) => !e.open && onClose()}>
      <Dialog.Portal>
        <form ref={form.formRef} onSubmit={onSubmit} noValidate className={css({ display: 'contents' })}>
          <Dialog.Header>
            <Dialog.Title>Generate Discount Codes</Dialog.Title>
            <Dialog.Description>
              Codes for "{discount.name}" ({discount.identifierPrefix || 'PROMO'} +{' '}
              {discount.identifierLength ?? 6} characters).
            </Dialog.Description>
          </Dialog.Header>
          <Dialog.Body>
            <Stack gap="4" pb="2">
              <Field.TextField
                label="Number of codes"
                type="number"
                inputMode="numeric"
                min={1}
                max={1000}
                helperText="Between 1 and 1000."
                error={form.errors.count}
                {...form.text('count')}
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
            </Stack>
          </Dialog.Body>
          <Dialog.Footer>
            <Button variant="outline" onClick={onClose}>
              {codes ? 'Close' : 'Cancel'}
            </Button>
            <Button type="submit" loading={pending}>
              Generate Codes
            </Button>
          </Dialog.Footer>
        </form>
        <Dialog.CloseButton />
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export function DiscountsTab() {
  const { items, error, isLoading } = useAdminList<Discount>(ADMIN_PATHS.discounts);
  const refresh = useRefresh(ADMIN_PATHS.discounts);
  const [editing, setEditing] = useState<{ discount: Discount | null } | null>(null);
  const [deleting, setDeleting] = useState<Discount | null>(null);
  const [generating, setGenerating] = useState<Discount | null>(null);

  const remove = useRemove(ADMIN_PATHS.discounts, 'discount', 'Discount deleted');

  return (
    <section aria-labelledby="discounts-heading">
      <SectionHeader
        id="discounts-heading"
        title="Discounts"
        description="Discounts, promo codes and where they apply."
        action={
          <Button onClick={() => setEditing({ discount: null })}>
            <PlusIcon />
            Add Discount
          </Button>
        }
      />
      <ListState
        isLoading={isLoading}
        error={error}
        isEmpty={!items?.length}
        empty="No discounts found. Add one to get started."
      >
        <Table.Root caption="Discounts">
          <Table.Head>
            <Table.Row>
              <Table.Header scope="col">Name</Table.Header>
              <Table.Header scope="col">Type</Table.Header>
              <Table.Header scope="col">Discount</Table.Header>
              <Table.Header scope="col">Status</Table.Header>
              <Table.Header scope="col">Validity</Table.Header>
              <Table.Header scope="col">Applicable For</Table.Header>
              <Table.Header scope="col" textAlign="right">
                Actions
              </Table.Header>
            </Table.Row>
          </Table.Head>
          <Table.Body>
            {items?.map((d) => (
              <Table.Row key={d.id} data-clickable="" onClick={() => setEditing({ discount: d })}>
                <Table.Cell fontWeight="medium">{d.name}</Table.Cell>
                <Table.Cell>{formatDiscountType(d.discountType)}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">
                  {formatDiscountValue(d.discountValueType, d.value)}
                </Table.Cell>
                <Table.Cell>
                  <StatusBadge active={d.isActive} />
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">{formatDiscountValidity(d)}</Table.Cell>
                <Table.Cell>
                  <HStack gap="1" flexWrap="wrap">
                    {applicabilityBadges(d).map((b) => (
                      <Badge key={b} tone="accent">
                        {b}
                      </Badge>
                    ))}
                  </HStack>
                </Table.Cell>
                <Table.Cell onClick={(e) => e.stopPropagation()}>
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
                    <IconButton
                      size="sm"
                      variant="ghost"
                      aria-label={`Edit ${d.name}`}
                      title="Edit"
                      onClick={() => setEditing({ discount: d })}
                    >
                      <PencilIcon />
                    </IconButton>
                    <IconButton
                      size="sm"
                      variant="ghost"
                      color="danger.text"
                      aria-label={`Delete ${d.name}`}
                      title="Delete"
                      onClick={() => setDeleting(d)}
                    >
                      <TrashIcon />
                    </IconButton>
                  </HStack>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </ListState>
      {editing ? (
        <DiscountDialog
          key={editing.discount?.id ?? 'new'}
          discount={editing.discount}
          open
          onOpenChange={(open) => !open && setEditing(null)}
          onSaved={() => void refresh()}
        />
      ) : null}
      {generating ? (
        <GenerateCodesDialog
          discount={generating}
          onClose={() => setGenerating(null)}
          onGenerated={() => void refresh()}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete Discount"
        description={`Are you sure you want to delete the discount "${deleting?.name ?? ''}"? This action cannot be undone.`}
        onConfirm={() => (deleting ? remove(deleting) : Promise.resolve())}
      />
    </section>
  );
}
