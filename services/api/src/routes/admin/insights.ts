import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  Envelope,
  type InsightChart,
  InsightsCsvQuerySchema,
  InsightsQuerySchema,
  InsightsSchema,
  ROLES,
  FileResponse,
} from '@hs/contracts';
import { addDaysToDay, singaporeToday } from '@hs/domain';
import { type Insights, readInsights } from '@hs/read-models';
import { badRequest } from '../../errors';
import { csvCell } from '../../csv';

/** The longest range one call answers: a year of days keeps every series small. */
const MAX_DAYS = 366;

/** A real calendar day (the schema checks only its shape: 2026-02-31 passes it). */
const isRealDay = (day: string) => addDaysToDay(day, 0) === day;

/** The range asked for, or the last 30 Singapore days; 400 for a day that does not exist or a bad range. */
function rangeOf(query: { eventId?: number; from?: string; to?: string }) {
  const to = query.to ?? singaporeToday();
  const from = query.from ?? addDaysToDay(to, -29);
  const errors = [
    ...(isRealDay(from) ? [] : [{ field: 'from', message: 'Not a calendar day' }]),
    ...(isRealDay(to) ? [] : [{ field: 'to', message: 'Not a calendar day' }]),
  ];
  if (errors.length > 0) throw badRequest('Invalid date range', errors);
  if (from > to) throw badRequest('Invalid date range', [{ field: 'from', message: 'Must not be after to' }]);
  if (addDaysToDay(from, MAX_DAYS - 1) < to)
    throw badRequest('Invalid date range', [{ field: 'to', message: `At most ${MAX_DAYS} days` }]);
  return { eventId: query.eventId ?? null, from, to };
}

/** One chart's series as CSV rows, its columns in the order of the JSON. */
export function insightsCsv(insights: Insights, chart: InsightChart): string {
  const rows = insights[chart] as Record<string, unknown>[];
  const columns = rows[0] ? Object.keys(rows[0]) : [];
  const lines = [columns, ...rows.map((r) => columns.map((c) => r[c]))];
  return lines.map((line) => `${line.map(csvCell).join(',')}\r\n`).join('');
}

/** Issue 25: the Reports tab's charts, from the reports read model (never the event log). */
const insights: FastifyPluginAsyncTypebox = async (app) => {
  const { sql } = app;

  app.get(
    '/reports/insights',
    {
      config: { roles: ROLES.orderDesk },
      schema: {
        summary:
          "Every Reports tab chart's series in one answer: bookings per day, revenue per ISO week, seat utilisation per slot, no-show rate per event, waiting-list demand per region",
        querystring: InsightsQuerySchema,
        response: { 200: Envelope(InsightsSchema) },
      },
    },
    async (request) => ({ success: true as const, data: await readInsights(sql, rangeOf(request.query)) }),
  );

  app.get(
    '/reports/insights.csv',
    {
      config: { roles: ROLES.orderDesk },
      schema: {
        summary: "One chart's series as CSV (insights-<chart>-<from>-<to>.csv)",
        querystring: InsightsCsvQuerySchema,
        response: { 200: FileResponse('text/csv', "The chart's series, one row per day or bucket") },
      },
    },
    async (request, reply) => {
      const range = rangeOf(request.query);
      const chart = request.query.chart;
      const csv = insightsCsv(await readInsights(sql, range), chart);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="insights-${chart}-${range.from}-${range.to}.csv"`,
        )
        .send(csv);
    },
  );
};

export default insights;
