/**
 * Just enough RFC 5545 to check an .ics in tests: unfolds continuation lines (CRLF + space) and
 * reads each VEVENT's properties (parameters dropped, TEXT values unescaped).
 */
export interface IcsCalendar {
  /** VCALENDAR properties (METHOD, VERSION, ...). */
  calendar: Record<string, string>;
  events: Record<string, string>[];
}

const unescapeText = (v: string) =>
  v.replace(/\\([\\;,nN])/g, (_, c: string) => (c.toLowerCase() === 'n' ? '\n' : c));

export function parseIcs(text: string): IcsCalendar {
  if (/(^|[^\r])\n/.test(text)) throw new Error('an .ics line must end with CRLF');
  const lines = text
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter((l) => l !== '');
  const out: IcsCalendar = { calendar: {}, events: [] };
  let event: Record<string, string> | null = null;
  // Components inside a VEVENT (its VALARM) are skipped: their DESCRIPTION is not the event's.
  let nested = 0;
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon < 0) throw new Error(`not a content line: ${line}`);
    const name = line.slice(0, colon).split(';')[0]!.toUpperCase();
    const value = unescapeText(line.slice(colon + 1));
    if (name === 'BEGIN' && value === 'VEVENT') event = {};
    else if (name === 'END' && value === 'VEVENT') {
      out.events.push(event!);
      event = null;
    } else if (event && name === 'BEGIN') nested++;
    else if (event && name === 'END') nested--;
    else if (name !== 'BEGIN' && name !== 'END' && nested === 0) (event ?? out.calendar)[name] = value;
  }
  return out;
}
