import { exportNewsletterSubscribers } from "../../../domain/newsletter/staff/newsletter-subscribers.ts";
import { formatTimestamp } from "../../../kernel/format-timestamp.ts";
import { refusedAsPage, requireStaffPage } from "../../lib/back-office.server.ts";
import { csvDownload } from "../../lib/csv-download.server.ts";
import type { Route } from "./+types/admin-newsletter-csv";

/** The confirmed newsletter subscribers as a CSV file, each with its proof of consent and unsubscribe address. */
export async function loader(args: Route.LoaderArgs) {
  const { operations } = requireStaffPage(args);
  const subscribers = await refusedAsPage(exportNewsletterSubscribers(operations, {}));
  return csvDownload(
    "newsletter-subscribers.csv",
    ["email", "signed up (Singapore time)", "confirmed (Singapore time)", "consent wording version", "unsubscribe link"],
    subscribers.map((subscriber) => [
      subscriber.email,
      formatTimestamp(subscriber.requestedAt),
      subscriber.confirmedAt ? formatTimestamp(subscriber.confirmedAt) : "",
      subscriber.consentVersion,
      subscriber.unsubscribeUrl,
    ]),
  );
}
