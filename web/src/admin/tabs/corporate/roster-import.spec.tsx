import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toaster } from '../../../components/ui/toaster';
import { bodyOf, renderWithProviders, stubApi } from '../../test/helpers';
import { RosterImportDialog } from './roster-import';

afterEach(() => toaster.remove());

const PREVIEW = '/api/admin/programmes/4/roster/preview';
const IMPORT = '/api/admin/programmes/4/roster';
const BAD = 'employee_id,name,work_email\nE1,Tan Mei,mei@acme.com\nE2,,not-an-email\n';
const GOOD = 'employee_id,name,work_email\nE1,Tan Mei,mei@acme.com\nE2,Lim Wei,wei@acme.com\n';

const invalid = {
  valid: false,
  rows: 2,
  added: 1,
  updated: 0,
  unchanged: 0,
  removed: 0,
  errors: [
    { row: 3, field: 'name', message: 'Name is required' },
    { row: 3, field: 'work_email', message: 'Work email must be an email address' },
  ],
};
const valid = { valid: true, rows: 2, added: 1, updated: 1, unchanged: 0, removed: 3, errors: [] };

describe('roster import', () => {
  it('lists the errors by row and field, keeps the import disabled while invalid, then imports all', async () => {
    const fetchMock = stubApi({
      [`POST ${PREVIEW}`]: (init) =>
        Response.json({ success: true, data: String(init.body).includes('Lim Wei') ? valid : invalid }),
      [`POST ${IMPORT}`]: { success: true, data: valid },
    });
    const onImported = vi.fn();
    const onOpenChange = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <RosterImportDialog programmeId={4} open onOpenChange={onOpenChange} onImported={onImported} />,
    );
    const importButton = () => screen.getByRole('button', { name: /^Import \d+ employees?$/ });
    expect((importButton() as HTMLButtonElement).disabled).toBe(true);

    const text = await screen.findByLabelText('Or paste the CSV');
    await user.click(text);
    await user.paste(BAD);
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    const errors = await screen.findByRole('table', { name: 'Roster errors' });
    expect(
      within(errors)
        .getAllByRole('row')
        .slice(1)
        .map((r) =>
          within(r)
            .getAllByRole('cell')
            .map((c) => c.textContent),
        ),
    ).toEqual([
      ['3', 'name', 'Name is required'],
      ['3', 'work_email', 'Work email must be an email address'],
    ]);
    expect(screen.getByText(/2 errors: fix the file/)).toBeTruthy();
    expect((importButton() as HTMLButtonElement).disabled).toBe(true);
    expect(bodyOf(fetchMock, 'POST', PREVIEW)).toEqual({ csv: BAD });

    // a corrected file: checked again, the counts shown, the import allowed
    await user.clear(text);
    await user.paste(GOOD);
    expect(screen.queryByTestId('roster-preview')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    const preview = await screen.findByTestId('roster-preview');
    expect(within(preview).getByText('Added:').nextSibling?.textContent).toBe('1');
    expect(within(preview).getByText('Updated:').nextSibling?.textContent).toBe('1');
    expect(within(preview).getByText('Removed:').nextSibling?.textContent).toBe('3');
    expect(screen.queryByRole('table', { name: 'Roster errors' })).toBeNull();
    await waitFor(() => expect((importButton() as HTMLButtonElement).disabled).toBe(false));
    expect(importButton().textContent).toBe('Import 2 employees');
    await user.click(importButton());
    expect(await screen.findByText('Roster imported')).toBeTruthy();
    expect(bodyOf(fetchMock, 'POST', IMPORT)).toEqual({ csv: GOOD });
    expect(onImported).toHaveBeenCalled();
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('reads a chosen file, and shows a refused import (400) by row without closing', async () => {
    stubApi({
      [`POST ${PREVIEW}`]: { success: true, data: valid },
      [`POST ${IMPORT}`]: () =>
        Response.json(
          {
            success: false,
            message: 'The roster has errors',
            errors: [{ field: 'row 2 work_email', message: 'Duplicate work email' }],
          },
          { status: 400 },
        ),
    });
    const onOpenChange = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <RosterImportDialog programmeId={4} open onOpenChange={onOpenChange} onImported={() => {}} />,
    );
    await screen.findByLabelText('Or paste the CSV');
    await user.upload(
      screen.getByLabelText('CSV file'),
      new File([GOOD], 'roster.csv', { type: 'text/csv' }),
    );
    await waitFor(() =>
      expect((screen.getByLabelText('Or paste the CSV') as HTMLTextAreaElement).value).toBe(GOOD),
    );
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    await user.click(await screen.findByRole('button', { name: 'Import 2 employees' }));
    expect(await screen.findByText('The roster has errors')).toBeTruthy();
    const errors = await screen.findByRole('table', { name: 'Roster errors' });
    expect(
      within(errors)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['2', 'work_email', 'Duplicate work email']);
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
    expect(
      (screen.getByRole('button', { name: /^Import \d+ employees?$/ }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });
});
