import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as v from 'valibot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as Field from '../../components/ui/field';
import { toaster } from '../../components/ui/toaster';
import { FormDialog } from '../components/form-dialog';
import { bodyOf, renderWithProviders, stubApi } from '../test/helpers';
import { CatalogueTab, type Entity, EntityTab, type ItemDialogProps, useEntityDialog } from './index';

afterEach(() => {
  toaster.remove();
  vi.unstubAllGlobals();
});

interface Thing {
  id: number;
  name: string;
}
const PATH = '/api/admin/packages';
const THING: Entity<Thing> = { path: PATH, label: 'Thing', noun: 'package', name: (t) => t.name };
const list = (data: Thing[]) => ({ success: true, data });

function ThingDialog({
  thing,
  failure,
  ...slot
}: ItemDialogProps<'thing', Thing> & { failure?: 'toast' | 'inline' }) {
  const { form, props } = useEntityDialog({
    entity: { ...THING, update: 'patch' },
    item: thing,
    schema: v.object({ name: v.pipe(v.string(), v.minLength(1, 'Name is required')) }),
    initial: { name: thing?.name ?? '' },
    failure,
    ...slot,
  });
  return (
    <FormDialog {...props}>
      <Field.TextField label="Name" error={form.errors.name} {...form.text('name')} />
    </FormDialog>
  );
}

function ThingsTab() {
  return (
    <EntityTab
      entity={THING}
      heading={{ id: 'things-heading', title: 'Things', description: 'All the things.' }}
      empty="No things."
      caption="Things"
      sort={(a, b) => a.name.localeCompare(b.name)}
      columns={[{ header: 'Name', cell: (t) => t.name }]}
      dialog={({ item, ...slot }) => <ThingDialog thing={item} {...slot} />}
    />
  );
}

describe('<EntityTab>', () => {
  it('says the load error, and the empty text', async () => {
    stubApi({ [`GET ${PATH}`]: () => Response.json({ success: false, message: 'Down' }, { status: 500 }) });
    const { unmount } = renderWithProviders(<ThingsTab />);
    expect(await screen.findByRole('alert')).toBeTruthy();
    unmount();
    stubApi({ [`GET ${PATH}`]: list([]) });
    renderWithProviders(<ThingsTab />);
    expect(await screen.findByText('No things.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Things' })).toBeTruthy();
  });

  it('lists in order, creates, edits and deletes, refreshing the list each time', async () => {
    const fetchMock = stubApi({
      [`GET ${PATH}`]: list([
        { id: 2, name: 'Zeta' },
        { id: 1, name: 'Alpha' },
      ]),
      [`POST ${PATH}`]: { success: true, data: { id: 3, name: 'Beta' } },
      [`PATCH ${PATH}/1`]: { success: true, data: { id: 1, name: 'Alpha 2' } },
      [`DELETE ${PATH}/2`]: { success: true },
    });
    const gets = () => fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === 'GET').length;
    const ui = userEvent.setup();
    renderWithProviders(<ThingsTab />);
    const table = await screen.findByRole('table', { name: 'Things' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent?.slice(0, 4)),
    ).toEqual(['Name', 'Alph', 'Zeta']);

    await ui.click(screen.getByRole('button', { name: 'Add Thing' }));
    await ui.click(await screen.findByRole('button', { name: 'Create Thing' }));
    expect(screen.getByText('Name is required')).toBeTruthy();
    await ui.type(screen.getByLabelText('Name'), 'Beta');
    let before = gets();
    await ui.click(screen.getByRole('button', { name: 'Create Thing' }));
    expect(await screen.findByText('Package created')).toBeTruthy();
    expect(bodyOf(fetchMock, 'POST', PATH)).toEqual({ name: 'Beta' });
    await waitFor(() => expect(gets()).toBeGreaterThan(before));

    await ui.click(screen.getByRole('button', { name: 'Edit Alpha' }));
    expect(await screen.findByRole('heading', { name: 'Edit Thing' })).toBeTruthy();
    await ui.type(screen.getByLabelText('Name'), ' 2');
    await ui.click(screen.getByRole('button', { name: 'Update Thing' }));
    expect(await screen.findByText('Package updated')).toBeTruthy();
    expect(bodyOf(fetchMock, 'PATCH', `${PATH}/1`)).toEqual({ name: 'Alpha 2' });

    await ui.click(screen.getByRole('button', { name: 'Delete Zeta' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(
      within(confirm).getByText(
        'Are you sure you want to delete the package "Zeta"? This action cannot be undone.',
      ),
    ).toBeTruthy();
    before = gets();
    await ui.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Package deleted')).toBeTruthy();
    await waitFor(() => expect(gets()).toBeGreaterThan(before));
  });

  it("toasts a failed save ('Failed to create package: …'), or says it under the fields", async () => {
    stubApi({ [`POST ${PATH}`]: () => Response.json({ success: false, message: 'Taken' }, { status: 409 }) });
    const ui = userEvent.setup();
    const onOpenChange = vi.fn();
    const { unmount } = renderWithProviders(
      <ThingDialog thing={null} open onOpenChange={onOpenChange} onSaved={() => {}} />,
    );
    await ui.type(await screen.findByLabelText('Name'), 'Beta');
    await ui.click(screen.getByRole('button', { name: 'Create Thing' }));
    expect(await screen.findByText('Failed to create package: Taken')).toBeTruthy();
    expect(onOpenChange).not.toHaveBeenCalled();
    unmount();

    renderWithProviders(
      <ThingDialog thing={null} failure="inline" open onOpenChange={onOpenChange} onSaved={() => {}} />,
    );
    await ui.type(await screen.findByLabelText('Name'), 'Beta');
    await ui.click(screen.getByRole('button', { name: 'Create Thing' }));
    expect(within(await screen.findByRole('alert')).getByText('Taken')).toBeTruthy();
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});

describe('<CatalogueTab>', () => {
  const tab = (
    <CatalogueTab
      entity={{ ...THING, label: 'Package', noun: 'package' }}
      description="All the packages."
      columns={[{ header: 'Code', cell: (t) => `#${t.id}` }]}
      dialog={({ item, ...slot }) => <ThingDialog thing={item} {...slot} />}
    />
  );

  it('words the heading, caption and empty text after the entity', async () => {
    stubApi({ [`GET ${PATH}`]: list([]) });
    renderWithProviders(tab);
    expect(await screen.findByText('No packages found. Add one to get started.')).toBeTruthy();
    const heading = screen.getByRole('heading', { name: 'Packages' });
    expect(heading.id).toBe('packages-heading');
    expect(screen.getByText('All the packages.')).toBeTruthy();
  });

  it('puts the Name column first', async () => {
    stubApi({ [`GET ${PATH}`]: list([{ id: 7, name: 'Basic' }]) });
    renderWithProviders(tab);
    const table = await screen.findByRole('table', { name: 'Packages' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Code', 'Actions']);
    expect(
      within(table)
        .getAllByRole('cell')
        .map((c) => c.textContent?.trim())[0],
    ).toBe('Basic');
    expect(within(table).getByText('#7')).toBeTruthy();
  });
});
