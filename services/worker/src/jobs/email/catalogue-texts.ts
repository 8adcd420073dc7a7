import type { Sql } from '@hs/db';
import { type CatalogueTranslations, type Language, inLanguage } from '@hs/domain';
import type { DocumentData } from '@hs/notifications';
import type { OrderRow } from '@hs/read-models';

/**
 * The order's event and package names as staff translated them for the booking's language (issue
 * 46), for the email's words; English, as booked, where staff gave none. The documents (PDFs) keep
 * the booked names.
 */
export async function namesInLanguage(
  sql: Sql,
  doc: DocumentData,
  order: OrderRow,
  language: Language,
): Promise<DocumentData> {
  if (language === 'en') return doc;
  const packageIds = [...new Set(order.participants.map((p) => p.packageId))];
  const [event] = await sql<{ translations: CatalogueTranslations }[]>`
    select translations from screening_events where id = ${order.eventId}`;
  const packages = await sql<{ id: number; translations: CatalogueTranslations }[]>`
    select id::int as id, translations from packages where id = any(${packageIds}::bigint[])`;
  const byId = new Map(packages.map((p) => [p.id, p.translations]));
  const named = (name: string, translations: CatalogueTranslations | null | undefined) =>
    inLanguage({ name }, translations, language).name;
  return {
    ...doc,
    eventName: named(doc.eventName, event?.translations),
    attendees: doc.attendees.map((a, i) => {
      const packageId = order.participants[i]?.packageId;
      return {
        ...a,
        packageName: named(a.packageName, packageId === undefined ? null : byId.get(packageId)),
      };
    }),
  };
}
