import type { ProgrammeReport } from '@hs/contracts';
import type { Sql } from '@hs/db';
import { type ReportBooking, type ReportEmployee, programmeReport } from '@hs/domain';
import { csvCell } from '../csv';
import type { ProgrammeTerms } from './programme-read';

/**
 * The programme's report from its roster and its orders' status, check-in and no-show. The select
 * names every column it reads: no package, identification number, birth date or medical text.
 */
export async function readProgrammeReport(sql: Sql, p: ProgrammeTerms): Promise<ProgrammeReport> {
  const roster = await sql<ReportEmployee[]>`
    select employee_id as "employeeId", name, department, site
    from programme_employees where programme_id = ${p.id} order by employee_id`;
  const bookings = await sql<ReportBooking[]>`
    select employee_id as "employeeId", employee_hash as "employeeHash",
           trim(first_name || ' ' || last_name) as name,
           status not in ('cancelled', 'expired') as live,
           check_ins <> '{}'::jsonb as "checkedIn",
           jsonb_array_length(no_shows) > 0 as "noShow",
           share_name as "shareName"
    from orders where programme_id = ${p.id}
    order by created_at`;
  const data = programmeReport(roster, bookings, p.hrSeesNames);
  return {
    programme: { name: p.name, companyName: p.companyName, startsOn: p.startsOn, endsOn: p.endsOn },
    generatedAt: new Date().toISOString(),
    ...data,
  };
}

const COUNT_COLUMNS = ['rosterSize', 'booked', 'attended', 'noShows', 'notYetBooked'] as const;

/** The same report as CSV: one row per department and site, the total, then the names if any. */
export function programmeReportCsv(report: ProgrammeReport): string {
  const header = ['department', 'site', ...COUNT_COLUMNS].join(',');
  const rows = [
    ...report.groups.map((g) => [g.department, g.site, ...COUNT_COLUMNS.map((c) => g[c])]),
    ['Total', '', ...COUNT_COLUMNS.map((c) => report.totals[c])],
  ].map((r) => r.map(csvCell).join(','));
  const names = report.names
    ? [
        '',
        'name,department,site,status',
        ...report.names.map((n) => [n.name, n.department, n.site, n.status].map(csvCell).join(',')),
      ]
    : [];
  return `${[header, ...rows, ...names].join('\r\n')}\r\n`;
}
