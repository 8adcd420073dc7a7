/** CSV for the admin exports (orders, check-ins, reports, GST): RFC 4180, safe to open in a spreadsheet. */

/**
 * One CSV cell: RFC 4180 quoting, and a leading = + - @ (or tab/CR) neutralised with a quote mark so
 * a spreadsheet never runs a customer's input as a formula.
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
