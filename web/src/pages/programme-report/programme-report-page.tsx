import { formatDateOrNA } from '@hs/domain';
import type { ProgrammeReport } from '@hs/contracts';
import useSWR from 'swr';
import { Link, useParams } from 'wouter';
import { css } from 'styled-system/css';
import { DownloadIcon } from '../../components/icons';
import { Page } from '../../components/layout/page';
import { Button } from '../../components/ui/button';
import * as Card from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { useTranslation } from '../../i18n';
import { localDateTime } from '../../i18n/format';
import { type ApiEnvelope, ApiError } from '../../lib/api';
import { programmeReportKey } from '../../lib/swr-keys';
import { StateCard } from '../../public/state-card';
import { programmeDate } from '../corporate/programme-summary';
import { type ReportLabels, ReportView } from './report-view';

function useReportLabels(): ReportLabels {
  const { t } = useTranslation();
  return {
    totals: t('hrReport.totals'),
    byGroup: t('hrReport.byGroup'),
    names: t('hrReport.names'),
    namesHidden: t('hrReport.namesHidden'),
    noNames: t('hrReport.noNames'),
    department: t('hrReport.department'),
    site: t('hrReport.site'),
    none: t('hrReport.none'),
    rosterSize: t('hrReport.rosterSize'),
    booked: t('hrReport.booked'),
    attended: t('hrReport.attended'),
    noShows: t('hrReport.noShows'),
    notYetBooked: t('hrReport.notYetBooked'),
    name: t('hrReport.name'),
    status: t('hrReport.status'),
    statusBooked: t('hrReport.statusBooked'),
    statusAttended: t('hrReport.statusAttended'),
  };
}

/**
 * `/programme-report/{token}` (issue 51): the read-only programme report a company contact was
 * emailed, and its CSV. An expired link (410) says so.
 */
export default function ProgrammeReportPage() {
  const { token = '' } = useParams<{ token: string }>();
  const { t } = useTranslation();
  const labels = useReportLabels();
  const key = token ? programmeReportKey(token) : null;
  const { data, error, isLoading, mutate } = useSWR<ApiEnvelope<ProgrammeReport>>(key);
  const status = error instanceof ApiError ? error.status : 0;
  const home = (
    <Button asChild>
      <Link href="/">{t('common.returnHome')}</Link>
    </Button>
  );
  if (status === 410)
    return <StateCard title={t('hrReport.expiredTitle')} text={t('hrReport.expired')} action={home} />;
  if (status === 404 || status === 401 || status === 403) {
    return <StateCard title={t('hrReport.notFoundTitle')} text={t('hrReport.notFound')} action={home} />;
  }
  if (error) {
    return (
      <StateCard
        title={t('common.error')}
        text={t('hrReport.loadError')}
        action={<Button onClick={() => void mutate()}>{t('common.tryAgain')}</Button>}
      />
    );
  }
  if (isLoading || !data?.data) {
    return (
      <Page>
        <div aria-busy="true" className={css({ display: 'grid', gap: '3' })}>
          <span className={css({ srOnly: true })}>{t('common.loading')}</span>
          <Skeleton h="10" w="60%" />
          <Skeleton h="24" />
          <Skeleton h="40" />
        </div>
      </Page>
    );
  }
  const report = data.data;
  return (
    <Page>
      <title>{`${report.programme.name} | Health Screening`}</title>
      <Card.Root>
        <Card.Header>
          <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{report.programme.companyName}</p>
          <h1
            className={css({ fontSize: { base: 'xl', md: '2xl' }, fontWeight: 'bold', lineHeight: '1.25' })}
          >
            {report.programme.name}
          </h1>
          <Card.Description>
            {t('corporate.window', {
              from: programmeDate(report.programme.startsOn),
              until: programmeDate(report.programme.endsOn),
            })}{' '}
            {t('hrReport.generated', {
              at: localDateTime(report.generatedAt, formatDateOrNA(report.generatedAt, 'd MMM yyyy, HH:mm')),
            })}
          </Card.Description>
          <div className={css({ mt: '2' })}>
            <Button asChild variant="outline" size="sm">
              <a href={`${programmeReportKey(token)}/csv`} download>
                <DownloadIcon />
                {t('hrReport.downloadCsv')}
              </a>
            </Button>
          </div>
        </Card.Header>
        <Card.Body>
          <p className={css({ fontSize: 'sm', color: 'fg.muted', mb: '4' })}>{t('hrReport.privacy')}</p>
          <ReportView report={report} labels={labels} />
        </Card.Body>
      </Card.Root>
    </Page>
  );
}
