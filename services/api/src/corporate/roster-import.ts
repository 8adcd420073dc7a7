import type { RosterPreview } from '@hs/contracts';
import type { Sql, TransactionSql } from '@hs/db';
import { type RosterEmployeeRow, checkRoster, rosterChanges } from '@hs/domain';
import { parse } from 'csv-parse/sync';

/** The file's rows as cells (csv-parse: quotes, BOM, CRLF), or the line a malformed file breaks on. */
function cellsOf(csv: string): { rows: string[][]; lines: number[] } | { line: number; message: string } {
  try {
    // `info` gives each record's line in the file: the line an error names is the one the person sees
    const records = parse(csv, {
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      info: true,
    }) as unknown as {
      record: string[];
      info: { lines: number };
    }[];
    return { rows: records.map((r) => r.record), lines: records.map((r) => r.info.lines) };
  } catch (err) {
    const e = err as { lines?: number; message?: string };
    return { line: e.lines ?? 1, message: 'The file is not valid CSV' };
  }
}

export async function currentRoster(
  db: Sql | TransactionSql,
  programmeId: number,
): Promise<RosterEmployeeRow[]> {
  return db<RosterEmployeeRow[]>`
    select employee_id as "employeeId", name, email, department, site
    from programme_employees where programme_id = ${programmeId} order by employee_id`;
}

/** What importing the file would do, every row checked; nothing is saved. */
export async function previewRoster(
  db: Sql | TransactionSql,
  programmeId: number,
  csv: string,
): Promise<{ preview: RosterPreview; employees: RosterEmployeeRow[] }> {
  const cells = cellsOf(csv);
  if ('line' in cells) {
    const preview = { valid: false, rows: 0, added: 0, updated: 0, unchanged: 0, removed: 0 };
    return {
      preview: { ...preview, errors: [{ row: cells.line, field: 'file', message: cells.message }] },
      employees: [],
    };
  }
  const { employees, errors } = checkRoster(cells.rows, cells.lines);
  const changes = rosterChanges(await currentRoster(db, programmeId), employees);
  return {
    preview: { valid: errors.length === 0, rows: Math.max(0, cells.rows.length - 1), ...changes, errors },
    employees,
  };
}

/** Replaces the roster with the file's employees, all or nothing, in the caller's transaction. */
export async function replaceRoster(tx: TransactionSql, programmeId: number, employees: RosterEmployeeRow[]) {
  await tx`delete from programme_employees where programme_id = ${programmeId}`;
  for (let i = 0; i < employees.length; i += 1000) {
    const chunk = employees.slice(i, i + 1000).map((e) => ({
      programme_id: programmeId,
      employee_id: e.employeeId,
      name: e.name,
      email: e.email,
      department: e.department,
      site: e.site,
    }));
    await tx`insert into programme_employees ${tx(chunk)}`;
  }
}
