import { asc } from "drizzle-orm";
import type { Database, Tx } from "../../db/client.ts";
import { deliveryOptions } from "../../db/schema/delivery.ts";
import type { OperationContext } from "../shared/context.ts";
import { sharedRead } from "../shared/shared-reads.ts";
import { type DeliveryOption, STANDARD_DELIVERY_ID } from "./delivery-option.ts";
import { type DeliveryPromise, promiseDelivery } from "./delivery-promise.ts";
import { promiseText } from "./promise-text.ts";

/** An option on offer with what an order placed now is promised. */
export type DeliveryOffer = DeliveryOption & { promise: DeliveryPromise };

const columns = {
  id: deliveryOptions.id,
  name: deliveryOptions.name,
  priceCents: deliveryOptions.priceCents,
  freeFromCents: deliveryOptions.freeFromCents,
  minDays: deliveryOptions.minDays,
  maxDays: deliveryOptions.maxDays,
  weekdays: deliveryOptions.weekdays,
  cutoffMinutes: deliveryOptions.cutoffMinutes,
  active: deliveryOptions.active,
  sortOrder: deliveryOptions.sortOrder,
};

/** Every delivery option, switched off ones too, in the merchant's order. */
export function readDeliveryOptions(db: Database | Tx): Promise<DeliveryOption[]> {
  return db.select(columns).from(deliveryOptions).orderBy(asc(deliveryOptions.sortOrder), asc(deliveryOptions.id));
}

/** The options, read once per request. */
export function deliveryOptionsOf(ctx: Pick<OperationContext, "db" | "reads">): Promise<DeliveryOption[]> {
  return sharedRead(ctx, "delivery-options", () => readDeliveryOptions(ctx.db));
}

/**
 * The option a bag is delivered with: the one chosen while it is on offer, else standard, else the
 * first on offer (the merchant cannot switch off the last one).
 */
export function optionForBag(options: readonly DeliveryOption[], chosenId: string | null): DeliveryOption {
  const offered = options.filter((option) => option.active);
  const option =
    offered.find((each) => each.id === chosenId) ?? offered.find((each) => each.id === STANDARD_DELIVERY_ID) ?? offered[0];
  if (!option) throw new Error("No delivery option is on offer");
  return option;
}

/** The shop's standard delivery as the merchant set it: what renewals ship by and pages quote. */
export async function standardDeliveryOf(ctx: Pick<OperationContext, "db" | "reads">): Promise<DeliveryOption> {
  return optionForBag(await deliveryOptionsOf(ctx), STANDARD_DELIVERY_ID);
}

/** The options on offer, each with the promise for an order placed at `at`. */
export function deliveryOffers(options: readonly DeliveryOption[], at: Date): DeliveryOffer[] {
  return options.filter((option) => option.active).map((option) => ({ ...option, promise: promiseDelivery(option, at) }));
}

/** An option as a page offers it: its terms and what an order placed now is promised, in words. */
export type ShownDeliveryOffer = Pick<DeliveryOption, "id" | "name" | "priceCents" | "freeFromCents"> & {
  start: string;
  end: string;
  promise: string;
};

/**
 * The options on offer as pages show them, promised for an order placed at `at`. The countdown is
 * told as at `toldAt` (a page kept until then says no more time than is left).
 */
export function shownOffers(options: readonly DeliveryOption[], at: Date, toldAt = at): ShownDeliveryOffer[] {
  return deliveryOffers(options, at).map(({ id, name, priceCents, freeFromCents, promise }) => ({
    id,
    name,
    priceCents,
    freeFromCents,
    start: promise.start,
    end: promise.end,
    promise: promiseText(promise, toldAt),
  }));
}
