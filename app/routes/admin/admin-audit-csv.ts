import { exportAuditLog } from "../../../domain/audit-log/list-audit-log.ts";
import { formatTimestamp } from "../../../kernel/format-timestamp.ts";
import { refusedAsPage, requireStaffPage } from "../../lib/back-office.server.ts";
import { csvDownload } from "../../lib/csv-download.server.ts";
import type { Route } from "./+types/admin-audit-csv";

/** The audit log, with the same filters, as a CSV file. */
export async function loader(args: Route.LoaderArgs) {
  const { operations } = requireStaffPage(args);
  const params = new URL(args.request.url).searchParams;
  const filters = Object.fromEntries(["actor", "action", "from", "to"].map((name) => [name, params.get(name) ?? ""]));
  const entries = await refusedAsPage(exportAuditLog(operations, filters));
  return csvDownload(
    "audit-log.csv",
    ["when (Singapore time)", "who", "action", "target", "before", "after"],
    entries.map((entry) => [
      formatTimestamp(entry.createdAt),
      entry.actorEmail,
      entry.action,
      entry.target,
      entry.before === null ? "" : JSON.stringify(entry.before),
      entry.after === null ? "" : JSON.stringify(entry.after),
    ]),
  );
}
