/**
 * What HR sees of a programme (issue 51): counts by department and site, and names only where the
 * programme allows it and the employee agreed at booking. It is made from the roster and each
 * booking's status, check-in and no-show alone: no package, identification number, birth date or
 * medical text reaches it, because a package can reveal health.
 */

export interface ReportEmployee {
  employeeId: string;
  name: string;
  department: string | null;
  site: string | null;
}

export interface ReportBooking {
  /** The roster employee id, or null for an employee who came by their email domain. */
  employeeId: string | null;
  /** employeeKeyHash's: one employee's bookings whichever way they came. */
  employeeHash: string;
  /** Their name as booked: shown only for an employee not on the roster. */
  name: string;
  live: boolean;
  checkedIn: boolean;
  noShow: boolean;
  shareName: boolean;
}

export type EmployeeState = 'attended' | 'no_show' | 'booked' | 'not_booked';

export interface ReportCounts {
  rosterSize: number;
  booked: number;
  attended: number;
  noShows: number;
  notYetBooked: number;
}

export interface ProgrammeReportData {
  totals: ReportCounts;
  groups: ({ department: string | null; site: string | null } & ReportCounts)[];
  names:
    | { name: string; department: string | null; site: string | null; status: 'booked' | 'attended' }[]
    | null;
}

const RANK: Record<EmployeeState, number> = { attended: 3, no_show: 2, booked: 1, not_booked: 0 };

function stateOf(b: ReportBooking): EmployeeState {
  if (b.checkedIn) return 'attended';
  if (b.noShow) return 'no_show';
  return b.live ? 'booked' : 'not_booked';
}

const empty = (): ReportCounts => ({ rosterSize: 0, booked: 0, attended: 0, noShows: 0, notYetBooked: 0 });

function count(c: ReportCounts, state: EmployeeState, onRoster: boolean) {
  if (onRoster) c.rosterSize++;
  if (state === 'attended') c.attended++;
  else if (state === 'no_show') c.noShows++;
  else if (state === 'booked') c.booked++;
  else if (onRoster) c.notYetBooked++;
}

export function programmeReport(
  roster: readonly ReportEmployee[],
  bookings: readonly ReportBooking[],
  hrSeesNames: boolean,
): ProgrammeReportData {
  // One employee's best state over their bookings, and whether they agreed to be named (latest booking's word).
  const people = new Map<
    string,
    { state: EmployeeState; shareName: boolean; employeeId: string | null; name: string }
  >();
  for (const b of bookings) {
    const key = b.employeeId !== null ? `id:${b.employeeId.toLowerCase()}` : `hash:${b.employeeHash}`;
    const was = people.get(key);
    const state = stateOf(b);
    if (!was || RANK[state] > RANK[was.state])
      people.set(key, { state, shareName: b.shareName && b.live, employeeId: b.employeeId, name: b.name });
    else if (b.live && b.shareName) was.shareName = true;
  }
  const totals = empty();
  const groups = new Map<string, { department: string | null; site: string | null } & ReportCounts>();
  const names: NonNullable<ProgrammeReportData['names']> = [];
  const add = (department: string | null, site: string | null, state: EmployeeState, onRoster: boolean) => {
    const key = JSON.stringify([department, site]);
    const g = groups.get(key) ?? { department, site, ...empty() };
    groups.set(key, g);
    count(g, state, onRoster);
    count(totals, state, onRoster);
  };
  const named = (
    p: { state: EmployeeState; shareName: boolean } | undefined,
    name: string,
    department: string | null,
    site: string | null,
  ) => {
    if (hrSeesNames && p?.shareName && (p.state === 'booked' || p.state === 'attended'))
      names.push({ name, department, site, status: p.state });
  };
  for (const e of roster) {
    const key = `id:${e.employeeId.toLowerCase()}`;
    const p = people.get(key);
    people.delete(key);
    add(e.department, e.site, p?.state ?? 'not_booked', true);
    named(p, e.name, e.department, e.site);
  }
  // Employees who came by their domain and are on no roster: counted, in no department.
  for (const p of people.values()) {
    if (p.state === 'not_booked') continue;
    add(null, null, p.state, false);
    named(p, p.name, null, null);
  }
  const order = (a: string | null, b: string | null) => (a ?? '\uffff').localeCompare(b ?? '\uffff');
  return {
    totals,
    groups: [...groups.values()].sort((a, b) => order(a.department, b.department) || order(a.site, b.site)),
    names: hrSeesNames ? names.sort((a, b) => a.name.localeCompare(b.name)) : null,
  };
}
