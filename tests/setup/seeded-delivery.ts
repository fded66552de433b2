import type { DeliveryOption } from "../../domain/delivery/delivery-option.ts";

/** Standard delivery as the migration seeds it (db/migrations/*_delivery_options.sql), before any change at /admin/delivery. */
export const SEEDED_STANDARD: DeliveryOption = {
  id: "standard",
  name: "Standard",
  priceCents: 490,
  freeFromCents: 6000,
  minDays: 5,
  maxDays: 7,
  weekdays: [1, 2, 3, 4, 5],
  cutoffMinutes: null,
  active: true,
  sortOrder: 0,
};
