import { stringify } from "csv-stringify/sync";

/** A cell a spreadsheet would run as a formula (OWASP: CSV injection) is kept as text instead. */
const FORMULA_START = /^[=+\-@\t\r]/;

export function spreadsheetSafe(value: string | number | null): string | number {
  if (value === null) return "";
  if (typeof value !== "string") return value;
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** A list as a CSV file to download, never cached. */
export function csvDownload(filename: string, header: string[], rows: (string | number | null)[][]): Response {
  const body = stringify([header, ...rows.map((row) => row.map(spreadsheetSafe))], { bom: true });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
