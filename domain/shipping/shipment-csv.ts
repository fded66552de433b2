/**
 * Reads a carrier's shipment list: one row per parcel with the order number, the carrier and the
 * tracking number, as a spreadsheet saves it (see decision 047 for why this is parsed here).
 * Whether a carrier or tracking number is acceptable is left to shipping itself, which says so per row.
 */
import { AppError } from "../../kernel/app-error.ts";
import { CARRIER_IDS, CARRIERS, type CarrierId } from "../../kernel/carriers.ts";

/** The most rows one upload ships, and the largest file read. */
export const SHIPMENT_CSV_MAX_ROWS = 500;
export const SHIPMENT_CSV_MAX_BYTES = 200_000;

export type ShipmentRow = { line: number; order: string; carrier: string; trackingNumber: string };

const refuse = (message: string) => new AppError("BAD_USER_INPUT", message, { file: message });

/** A file over SHIPMENT_CSV_MAX_BYTES: refused unread, by the desk or by its upload's body limit. */
export const shipmentFileTooLarge = () => refuse(`The file is larger than ${SHIPMENT_CSV_MAX_BYTES / 1000} kB; split it in two.`);

/**
 * Splits CSV text (RFC 4180) into records with the line each starts on: fields split by commas,
 * a field in double quotes may hold commas, line breaks and doubled quotes; lines end in LF or CRLF.
 */
export function csvRecords(text: string): { line: number; fields: string[] }[] {
  const records: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = "";
  let quoted = false;
  let line = 1;
  let start = 1;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index++;
      } else if (char === '"') quoted = false;
      else {
        if (char === "\n") line++;
        field += char;
      }
    } else if (char === '"' && field === "") quoted = true;
    else if (char === ",") {
      fields.push(field);
      field = "";
    } else if (char === "\n" || (char === "\r" && text[index + 1] === "\n")) {
      if (char === "\r") index++;
      records.push({ line: start, fields: [...fields, field] });
      fields = [];
      field = "";
      start = ++line;
    } else field += char;
  }
  if (quoted) throw refuse(`Line ${start}: a quoted field is never closed.`);
  if (field !== "" || fields.length > 0) records.push({ line: start, fields: [...fields, field] });
  return records;
}

const squeeze = (value: string) => value.toLowerCase().replace(/[^a-z0-9]/g, "");

/** A carrier as people write it ("Ninja Van", "ninjavan", "J&T Express", "JT"); the text as given when none matches. */
export function carrierOf(written: string): CarrierId | string {
  const wanted = squeeze(written);
  return CARRIER_IDS.find((id) => squeeze(id) === wanted || squeeze(CARRIERS[id].name) === wanted) ?? written.trim();
}

const COLUMNS = {
  order: ["order", "ordernumber", "orderno", "invoice", "invoicenumber", "invoiceid"],
  carrier: ["carrier", "courier"],
  trackingNumber: ["tracking", "trackingnumber", "trackingno", "awb"],
} as const;

type Column = keyof typeof COLUMNS;

/** The column of each field: named by a header row, else order number, carrier, tracking number in that order. */
function columnsOf(first: string[]): { positions: Record<Column, number>; header: boolean } {
  const names = first.map(squeeze);
  const found = Object.fromEntries(
    Object.entries(COLUMNS).map(([column, aliases]) => [
      column,
      names.findIndex((name) => (aliases as readonly string[]).includes(name)),
    ]),
  ) as Record<Column, number>;
  if (Object.values(found).every((position) => position >= 0)) return { positions: found, header: true };
  if (Object.values(found).some((position) => position >= 0)) {
    throw refuse("The header row must name the order number, carrier and tracking number columns.");
  }
  return { positions: { order: 0, carrier: 1, trackingNumber: 2 }, header: false };
}

/** The shipments a CSV lists, each with its line; blank lines are skipped. Refuses a file it cannot read as a whole. */
export function parseShipmentCsv(text: string): ShipmentRow[] {
  const records = csvRecords(text.replace(/^\uFEFF/, "")).filter((record) => record.fields.some((field) => field.trim()));
  const [first] = records;
  if (!first) throw refuse("The file has no shipments in it.");
  const { positions, header } = columnsOf(first.fields);
  const rows = header ? records.slice(1) : records;
  if (rows.length === 0) throw refuse("The file has no shipments in it.");
  if (rows.length > SHIPMENT_CSV_MAX_ROWS) throw refuse(`One file may ship at most ${SHIPMENT_CSV_MAX_ROWS} orders.`);
  return rows.map(({ line, fields }) => {
    const value = (column: Column) => (fields[positions[column]] ?? "").trim();
    return { line, order: value("order"), carrier: carrierOf(value("carrier")), trackingNumber: value("trackingNumber") };
  });
}
