import { exportMembers } from "../../../domain/loyalty/account/find-members.ts";
import { formatTimestamp } from "../../../kernel/format-timestamp.ts";
import { refusedAsPage, requireStaffPage } from "../../lib/back-office.server.ts";
import { csvDownload } from "../../lib/csv-download.server.ts";
import type { Route } from "./+types/admin-members-csv";

/** The members list, with the same search, as a CSV file. */
export async function loader(args: Route.LoaderArgs) {
  const { operations } = requireStaffPage(args);
  const query = new URL(args.request.url).searchParams.get("q") ?? "";
  const members = await refusedAsPage(exportMembers(operations, { query }));
  return csvDownload(
    "members.csv",
    ["member id", "email", "name", "tier", "points", "total spent SGD", "joined (Singapore time)"],
    members.map((member) => [
      member.id,
      member.email,
      member.name,
      member.membershipStatus,
      member.points,
      (member.totalSpentCents / 100).toFixed(2),
      formatTimestamp(member.createdAt),
    ]),
  );
}
