import { z } from "zod";
import { SHOP_EVENT_TYPES } from "../events/shop-event-types.ts";
import { text, uuid } from "../shared/input.ts";

/** The event types an endpoint gets: at least one, each a type the shop sends. */
const chosenEvents = () =>
  z
    .array(z.enum(SHOP_EVENT_TYPES, { error: "is not an event the shop sends" }), { error: "choose at least one event" })
    .min(1, { error: "choose at least one event" })
    // Kept in the shop's order, each once, whatever order the form sent them in.
    .transform((events) => SHOP_EVENT_TYPES.filter((type) => events.includes(type)));

export const CreateWebhookEndpointInput = z.object({
  url: text(2000).refine((value) => value.length > 0, { error: "is required" }),
  description: text(200).default(""),
  events: chosenEvents(),
});

export const UpdateWebhookEndpointInput = z.object({
  id: uuid(),
  events: chosenEvents(),
  active: z.boolean(),
});

export const WebhookDeliveryRefInput = z.object({ deliveryId: uuid() });
