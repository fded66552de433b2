import { countLabel } from "../../kernel/count-label.ts";

/** "Every week", "Every 4 weeks". */
export const cadenceLabel = (weeks: number) => (weeks === 1 ? "Every week" : `Every ${countLabel(weeks, "week", "weeks")}`);
