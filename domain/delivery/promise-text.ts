import { formatCalendarDate } from "../../kernel/format-timestamp.ts";
import { HOUR_MS, MINUTE_MS } from "../../kernel/singapore-time.ts";
import type { DeliveryWindow } from "./delivery-estimate.ts";
import type { DeliveryPromise } from "./delivery-promise.ts";

/** Within this long of the day's cut-off, the promise counts down to it. */
export const COUNTDOWN_HOURS = 4;

/** "Tue, 8 Dec 2026", or "Tue, 8 Dec 2026 to Thu, 10 Dec 2026" for a window of several days. */
export function deliveryWindowText(window: DeliveryWindow): string {
  const start = formatCalendarDate(window.start);
  return window.start === window.end ? start : `${start} to ${formatCalendarDate(window.end)}`;
}

/** "2 h 10 min", "45 min"; a part of a minute counts as a minute. */
function durationText(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / MINUTE_MS));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** What an order placed now is promised, e.g. "Order within 2 h 10 min for delivery on Tue, 8 Dec 2026". */
export function promiseText(promise: DeliveryPromise, now: Date): string {
  const when =
    promise.start === promise.end
      ? `on ${formatCalendarDate(promise.start)}`
      : `between ${formatCalendarDate(promise.start)} and ${formatCalendarDate(promise.end)}`;
  const left = promise.orderBy ? promise.orderBy.getTime() - now.getTime() : Number.POSITIVE_INFINITY;
  if (left > 0 && left <= COUNTDOWN_HOURS * HOUR_MS) return `Order within ${durationText(left)} for delivery ${when}`;
  return `Order now for delivery ${when}`;
}
