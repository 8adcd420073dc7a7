import type { ProgrammeReport } from '@hs/contracts';
import { css } from 'styled-system/css';
import * as Table from '../../components/ui/table';

/** The report's words: English in the back office, the catalogue's on the public page. */
export interface ReportLabels {
  totals: string;
  byGroup: string;
  names: string;
  namesHidden: string;
  noNames: string;
  department: string;
  site: string;
  none: string;
  rosterSize: string;
  booked: string;
  attended: string;
  noShows: string;
  notYetBooked: string;
  name: string;
  status: string;
  statusBooked: string;
  statusAttended: string;
}

const COUNTS = ['rosterSize', 'booked', 'attended', 'noShows', 'notYetBooked'] as const;

const heading = css({ fontWeight: 'semibold', fontSize: 'md', mb: '2' });

/**
 * What HR sees of a programme (issue 51): the totals, the same counts by department and site, and
 * the names with booked or attended only when the programme and the employee allow it. Nothing
 * about health: the report has no package, NRIC or date of birth to show.
 */
export function ReportView({ report, labels }: { report: ProgrammeReport; labels: ReportLabels }) {
  const counts = COUNTS.map((k) => ({ key: k, label: labels[k] }));
  return (
    <div className={css({ display: 'grid', gap: '6', minW: 0 })}>
      <section aria-labelledby="report-totals">
        <h3 id="report-totals" className={heading}>
          {labels.totals}
        </h3>
        <dl
          className={css({
            display: 'grid',
            gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(5, minmax(0, 1fr))' },
            gap: '3',
          })}
        >
          {counts.map((c) => (
            <div
              key={c.key}
              className={css({
                p: '3',
                borderWidth: '1px',
                borderColor: 'border.default',
                borderRadius: 'l2',
                display: 'flex',
                flexDirection: 'column-reverse',
                gap: '1',
              })}
            >
              <dt className={css({ fontSize: 'xs', color: 'fg.muted' })}>{c.label}</dt>
              <dd className={css({ fontSize: 'xl', fontWeight: 'bold' })} data-testid={`report-${c.key}`}>
                {report.totals[c.key]}
              </dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="report-groups">
        <h3 id="report-groups" className={heading}>
          {labels.byGroup}
        </h3>
        <Table.Root caption={labels.byGroup}>
          <Table.Head>
            <Table.Row>
              <Table.Header scope="col">{labels.department}</Table.Header>
              <Table.Header scope="col">{labels.site}</Table.Header>
              {counts.map((c) => (
                <Table.Header key={c.key} scope="col" textAlign="right">
                  {c.label}
                </Table.Header>
              ))}
            </Table.Row>
          </Table.Head>
          <Table.Body>
            {report.groups.map((g) => (
              <Table.Row key={`${g.department ?? ''}|${g.site ?? ''}`}>
                <Table.Cell>{g.department ?? labels.none}</Table.Cell>
                <Table.Cell>{g.site ?? labels.none}</Table.Cell>
                {counts.map((c) => (
                  <Table.Cell key={c.key} textAlign="right">
                    {g[c.key]}
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </section>
      <section aria-labelledby="report-names">
        <h3 id="report-names" className={heading}>
          {labels.names}
        </h3>
        {report.names === null ? (
          <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{labels.namesHidden}</p>
        ) : report.names.length === 0 ? (
          <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{labels.noNames}</p>
        ) : (
          <Table.Root caption={labels.names}>
            <Table.Head>
              <Table.Row>
                <Table.Header scope="col">{labels.name}</Table.Header>
                <Table.Header scope="col">{labels.department}</Table.Header>
                <Table.Header scope="col">{labels.site}</Table.Header>
                <Table.Header scope="col">{labels.status}</Table.Header>
              </Table.Row>
            </Table.Head>
            <Table.Body>
              {report.names.map((n, i) => (
                // names may repeat; the order is the report's
                // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own
                <Table.Row key={i}>
                  <Table.Cell>{n.name}</Table.Cell>
                  <Table.Cell>{n.department ?? labels.none}</Table.Cell>
                  <Table.Cell>{n.site ?? labels.none}</Table.Cell>
                  <Table.Cell>
                    {n.status === 'attended' ? labels.statusAttended : labels.statusBooked}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
      </section>
    </div>
  );
}
