import { and, asc, eq, gte, ilike, inArray, like, lt, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { products, purchaseOptions } from "../../db/schema/catalog.ts";
import { checkoutSessions } from "../../db/schema/checkout.ts";
import { orderTags } from "../../db/schema/order-notes.ts";
import { orderLines, orders } from "../../db/schema/orders.ts";
import { redeems } from "../../db/schema/rewards.ts";
import { containing } from "../../kernel/like-pattern.ts";
import { lineDescription } from "../../kernel/line-description.ts";
import { SERIES } from "../../kernel/series.ts";
import { singaporeDayEnd, singaporeDayStart } from "../../kernel/singapore-time.ts";
import { rewardLinesByOrder } from "../loyalty/rewards/redeems/order-rewards.ts";
import { staffHolding } from "../shared/access.ts";
import { refuseReversedDays } from "../shared/day-range.ts";
import { identifier, singaporeDay, text } from "../shared/input.ts";
import { defineOperation } from "../shared/operation.ts";
import { itemsToPack } from "./items-to-pack.ts";
import { notesAndTagsOf, tagText } from "./order-notes.ts";

export const SHIPPING_PAGE_SIZE = 50;

const blankAsUndefined = (value: unknown) => (value === "" || value === null ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankAsUndefined, schema.optional());

export const ShippingFilters = z.object({
  /** Singapore days the order was paid, both included. */
  from: optional(singaporeDay()),
  to: optional(singaporeDay()),
  /** Where it goes: the start of its postal code (two digits are a postal sector). */
  area: optional(z.string().regex(/^\d{1,6}$/, { error: "must be 1 to 6 digits of a postal code" })),
  series: optional(z.enum(SERIES.map((series) => series.code) as [string, ...string[]], { error: "is not a series" })),
  /** Text in the name of a product the order holds. */
  product: optional(text(100)),
  tag: optional(tagText()),
  reward: optional(z.enum(["yes", "no"], { error: "must be yes or no" })),
  /** The delivery option the shopper chose. */
  delivery: optional(identifier(40)),
  /** The longest waiting first (paid), or the soonest promised first (promised), then by option. */
  sort: optional(z.enum(["paid", "promised"], { error: "must be paid or promised" })),
  page: z.preprocess(blankAsUndefined, z.coerce.number({ error: "must be a number" }).int().min(1).max(10_000).default(1)),
});
export type ShippingFilterInput = z.input<typeof ShippingFilters>;

function holdsLine(condition: SQL | undefined, withCatalogue = false) {
  const lines = sql`select 1 from ${orderLines}`;
  const joined = withCatalogue
    ? sql`${lines} join ${purchaseOptions} on ${purchaseOptions.optionId} = ${orderLines.optionId} join ${products} on ${products.id} = ${purchaseOptions.productId}`
    : lines;
  return sql`exists (${joined} where ${orderLines.orderId} = ${orders.id} and ${condition})`;
}

const carriesReward = sql`exists (select 1 from ${redeems} where ${redeems.orderId} = ${orders.id})`;

function where(input: z.output<typeof ShippingFilters>): SQL | undefined {
  refuseReversedDays(input.from, input.to);
  return and(
    eq(orders.status, "paid"),
    input.from ? gte(orders.paidAt, singaporeDayStart(input.from) as Date) : undefined,
    input.to ? lt(orders.paidAt, singaporeDayEnd(input.to) as Date) : undefined,
    input.area ? like(sql`${checkoutSessions.shipping}->>'postalCode'`, `${input.area}%`) : undefined,
    input.series ? holdsLine(eq(products.seriesCode, input.series), true) : undefined,
    input.product ? holdsLine(ilike(orderLines.productName, containing(input.product))) : undefined,
    input.tag
      ? sql`exists (select 1 from ${orderTags} where ${orderTags.orderId} = ${orders.id} and ${orderTags.tag} = ${input.tag})`
      : undefined,
    input.reward === "yes" ? carriesReward : input.reward === "no" ? sql`not ${carriesReward}` : undefined,
    input.delivery ? eq(orders.deliveryOptionId, input.delivery) : undefined,
  );
}

const declared = { access: staffHolding("orders"), input: ShippingFilters };

/**
 * The shipping desk's queue: paid orders not yet shipped, the longest waiting first (or the soonest
 * promised first, and by delivery option, decision 063), a page at a
 * time, each with where it goes, what goes in the parcel (rewards too), and its staff tags and notes;
 * and the orders being cancelled, which must not be packed.
 */
export const listShippingQueue = defineOperation(declared, async function listShippingQueue(ctx, input) {
  const found = await ctx.db
    .select({
      id: orders.id,
      invoiceId: orders.invoiceId,
      paidAt: orders.paidAt,
      deliveryStart: orders.deliveryStart,
      deliveryEnd: orders.deliveryEnd,
      deliveryOptionName: orders.deliveryOptionName,
      // The address the order was paid for: the customer record follows the shopper's latest checkout.
      shipping: checkoutSessions.shipping,
    })
    .from(orders)
    .innerJoin(checkoutSessions, eq(checkoutSessions.id, orders.checkoutSessionId))
    .where(where(input))
    .orderBy(
      ...(input.sort === "promised" ? [asc(orders.deliveryStart), asc(orders.deliveryEnd), asc(orders.deliveryOptionName)] : []),
      asc(orders.paidAt),
      asc(orders.id),
    )
    .limit(SHIPPING_PAGE_SIZE + 1)
    .offset((input.page - 1) * SHIPPING_PAGE_SIZE);
  const page = found.slice(0, SHIPPING_PAGE_SIZE);
  const ids = page.map((order) => order.id);
  const items = await itemsToPack(
    ctx.db,
    ids.length
      ? await ctx.db.select().from(orderLines).where(inArray(orderLines.orderId, ids)).orderBy(asc(orderLines.position))
      : [],
  );
  const staffNotes = await notesAndTagsOf(ctx.db, ids);
  const rewardsOf = await rewardLinesByOrder(ctx.db, ids);
  const queue = page.map(({ shipping, ...order }) => ({
    ...order,
    name: shipping.name,
    address: shipping.address,
    postalCode: shipping.postalCode,
    items: items.filter((item) => item.orderId === order.id).map(({ description, quantity }) => ({ description, quantity })),
    rewards: (rewardsOf.get(order.id) ?? []).map((reward) => ({
      description: lineDescription(reward),
      quantity: reward.quantity,
    })),
    ...staffNotes(order.id),
  }));
  // Orders paid for but being cancelled: any packed or listed before the cancel must not go out.
  const cancelling = await ctx.db
    .select({ id: orders.id, invoiceId: orders.invoiceId })
    .from(orders)
    .where(eq(orders.status, "cancelling"))
    .orderBy(asc(orders.paidAt), asc(orders.id))
    .limit(SHIPPING_PAGE_SIZE);
  return { orders: queue, hasMore: found.length > SHIPPING_PAGE_SIZE, page: input.page, cancelling };
});
