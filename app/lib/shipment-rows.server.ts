import {
  parseShipmentCsv,
  SHIPMENT_CSV_MAX_BYTES,
  type ShipmentRow,
  shipmentFileTooLarge,
} from "../../domain/shipping/shipment-csv.ts";
import { AppError } from "../../kernel/app-error.ts";
import { formText } from "./action-result.server.ts";
import { trackingField } from "./shipping-desk-links.ts";

type Row = Omit<ShipmentRow, "line"> & { line?: number };

async function uploadedRows(form: FormData): Promise<Row[]> {
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0) {
    const message = "Choose a CSV file of shipments to upload.";
    throw new AppError("BAD_USER_INPUT", message, { file: message });
  }
  if (file.size > SHIPMENT_CSV_MAX_BYTES) throw shipmentFileTooLarge();
  return parseShipmentCsv(await file.text());
}

/** The desk's ticked rows (each with the carrier chosen and its own tracking number), or an uploaded file's rows. */
export async function shipmentRows(form: FormData): Promise<Row[]> {
  if (formText(form, "intent") === "upload") return uploadedRows(form);
  const carrier = formText(form, "carrier");
  return form
    .getAll("order")
    .filter((value) => typeof value === "string")
    .map((order) => ({ order, carrier, trackingNumber: formText(form, trackingField(order)) }));
}
