import { countLabel } from "../../kernel/count-label.ts";

/** "Every week", "Every 4 weeks". */
export const cadenceLabel = (weeks: number) => (weeks === 1 ? "Every week" : `Every ${countLabel(weeks, "week", "weeks")}`);

/** What a subscription sends each time: "2 × Luna Collagen Nectar, Lychee, 8-serving box". */
export const subscribedItem = (row: { quantity: number; productName: string; flavourName: string | null; optionName: string }) =>
  `${row.quantity} × ${row.productName}, ${[row.flavourName, row.optionName].filter(Boolean).join(", ")}`;
