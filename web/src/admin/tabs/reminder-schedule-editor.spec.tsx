import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import {
  type ReminderRow,
  ReminderScheduleEditor,
  reminderRows,
  reminderSchedule,
} from './reminder-schedule-editor';

function Harness({ onRows }: { onRows: (rows: ReminderRow[]) => void }) {
  const [rows, setRows] = useState(reminderRows(undefined));
  const s = reminderSchedule(rows);
  return (
    <ReminderScheduleEditor
      rows={rows}
      onChange={(next) => {
        setRows(next);
        onRows(next);
      }}
      error={s.ok ? undefined : s.message}
    />
  );
}

describe('reminder schedule editor (issue 26)', () => {
  it('starts from the default, adds, edits and removes rows, and names a bad offset', () => {
    let rows: ReminderRow[] = [];
    render(<Harness onRows={(r) => (rows = r)} />);
    expect((screen.getByLabelText('Hours before (1)') as HTMLInputElement).value).toBe('72');
    fireEvent.change(screen.getByLabelText('Channel (1)'), { target: { value: 'both' } });
    fireEvent.click(screen.getByRole('button', { name: /Add reminder/ }));
    fireEvent.change(screen.getByLabelText('Hours before (3)'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Channel (3)'), { target: { value: 'sms' } });
    expect(reminderSchedule(rows)).toEqual({
      ok: true,
      value: [
        { offsetHours: 72, channel: 'both' },
        { offsetHours: 24, channel: 'email' },
        { offsetHours: 2, channel: 'sms' },
      ],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Remove reminder 2' }));
    expect(rows.map((r) => r.offsetHours)).toEqual(['72', '2']);
    fireEvent.change(screen.getByLabelText('Hours before (2)'), { target: { value: '0' } });
    expect(screen.getByRole('alert').textContent).toBe(
      'offsetHours must be a whole number of hours from 1 to 336',
    );
  });
});
