/**
 * A roster import (issue 51): the rows of an employer's CSV checked one by one before anything is
 * saved. The api parses the file (csv-parse); this decides what each row means and what is wrong
 * with it, by row number and field, and how the import would change the roster.
 */
import { cleanText } from '../text';
import { normalizeWorkEmail } from './eligibility';

export interface RosterEmployeeRow {
  employeeId: string;
  name: string;
  email: string;
  department: string | null;
  site: string | null;
}

export interface RosterRowError {
  /** The line of the file, the header being line 1. */
  row: number;
  field: string;
  message: string;
}

export const ROSTER_FIELDS = ['employee_id', 'name', 'work_email', 'department', 'site'] as const;
const REQUIRED = ['employee_id', 'name', 'work_email'] as const;
const MAX = { employee_id: 64, name: 200, work_email: 254, department: 100, site: 100 } as const;

export const ROSTER_MESSAGES = {
  missingColumn: (column: string) => `The file has no ${column} column`,
  empty: 'The file has no employees',
  tooMany: (max: number) => `A roster can hold at most ${max} employees`,
  required: (field: string) => `${field} is required`,
  tooLong: (field: string, max: number) => `${field} must be at most ${max} characters`,
  badEmail: 'work_email is not an email address',
  duplicateId: (row: number) => `employee_id is also on row ${row}`,
  duplicateEmail: (row: number) => `work_email is also on row ${row}`,
} as const;

/** What a 1 MB request holds comfortably (about 60 bytes a row): a bigger employer imports by site. */
export const MAX_ROSTER_ROWS = 10_000;

/** A header as typed ("Employee ID", "work-email", "Email") to its field, or null. */
export function rosterColumn(header: string): (typeof ROSTER_FIELDS)[number] | null {
  const h = header
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '');
  if (h === 'employeeid' || h === 'staffid' || h === 'id') return 'employee_id';
  if (h === 'name' || h === 'fullname') return 'name';
  if (h === 'workemail' || h === 'email') return 'work_email';
  if (h === 'department' || h === 'dept') return 'department';
  if (h === 'site' || h === 'location') return 'site';
  return null;
}

/**
 * Checks the parsed rows (header first, as arrays of cells). Every error is listed; the employees
 * are returned only when there is none.
 */
export function checkRoster(
  rows: readonly (readonly string[])[],
  /** Each row's line in the file (a quoted cell may span lines, blank lines are skipped); else its index + 1. */
  lines?: readonly number[],
): {
  employees: RosterEmployeeRow[];
  errors: RosterRowError[];
} {
  const [header = [], ...body] = rows;
  const columns = header.map(rosterColumn);
  const errors: RosterRowError[] = [];
  for (const required of REQUIRED)
    if (!columns.includes(required))
      errors.push({ row: 1, field: required, message: ROSTER_MESSAGES.missingColumn(required) });
  if (errors.length > 0) return { employees: [], errors };
  if (body.length === 0)
    return { employees: [], errors: [{ row: 1, field: 'file', message: ROSTER_MESSAGES.empty }] };
  if (body.length > MAX_ROSTER_ROWS)
    return {
      employees: [],
      errors: [{ row: 1, field: 'file', message: ROSTER_MESSAGES.tooMany(MAX_ROSTER_ROWS) }],
    };

  const employees: RosterEmployeeRow[] = [];
  const byId = new Map<string, number>();
  const byEmail = new Map<string, number>();
  body.forEach((cells, i) => {
    const row = lines?.[i + 1] ?? i + 2;
    const cell = (field: (typeof ROSTER_FIELDS)[number]) => {
      const at = columns.indexOf(field);
      return at < 0 ? '' : cleanText(cells[at] ?? '').trim();
    };
    const values = Object.fromEntries(ROSTER_FIELDS.map((f) => [f, cell(f)])) as Record<
      (typeof ROSTER_FIELDS)[number],
      string
    >;
    const before = errors.length;
    for (const field of ROSTER_FIELDS) {
      if (values[field] === '' && (REQUIRED as readonly string[]).includes(field))
        errors.push({ row, field, message: ROSTER_MESSAGES.required(field) });
      else if (values[field].length > MAX[field])
        errors.push({ row, field, message: ROSTER_MESSAGES.tooLong(field, MAX[field]) });
    }
    const email = values.work_email === '' ? null : normalizeWorkEmail(values.work_email);
    if (values.work_email !== '' && email === null)
      errors.push({ row, field: 'work_email', message: ROSTER_MESSAGES.badEmail });
    const idKey = values.employee_id.toLowerCase();
    const sameId = idKey ? byId.get(idKey) : undefined;
    if (sameId !== undefined)
      errors.push({ row, field: 'employee_id', message: ROSTER_MESSAGES.duplicateId(sameId) });
    else if (idKey) byId.set(idKey, row);
    const sameEmail = email ? byEmail.get(email) : undefined;
    if (sameEmail !== undefined)
      errors.push({ row, field: 'work_email', message: ROSTER_MESSAGES.duplicateEmail(sameEmail) });
    else if (email) byEmail.set(email, row);
    if (errors.length === before)
      employees.push({
        employeeId: values.employee_id,
        name: values.name,
        email: email!,
        department: values.department || null,
        site: values.site || null,
      });
  });
  return { employees: errors.length > 0 ? [] : employees, errors };
}

/** How an import changes the roster: by employee id (case as stored). */
export function rosterChanges(
  current: readonly RosterEmployeeRow[],
  next: readonly RosterEmployeeRow[],
): { added: number; updated: number; unchanged: number; removed: number } {
  const now = new Map(current.map((e) => [e.employeeId.toLowerCase(), e]));
  let added = 0;
  let updated = 0;
  let unchanged = 0;
  for (const e of next) {
    const was = now.get(e.employeeId.toLowerCase());
    if (!was) added++;
    else if (
      was.name === e.name &&
      was.email === e.email &&
      was.department === e.department &&
      was.site === e.site &&
      was.employeeId === e.employeeId
    )
      unchanged++;
    else updated++;
  }
  const kept = new Set(next.map((e) => e.employeeId.toLowerCase()));
  const removed = current.filter((e) => !kept.has(e.employeeId.toLowerCase())).length;
  return { added, updated, unchanged, removed };
}
