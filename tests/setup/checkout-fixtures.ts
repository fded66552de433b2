import type { Database } from "../../db/client.ts";
import { addToBag } from "../../domain/bag/add-to-bag.ts";
import { guest, type Ports, type Viewer } from "../../domain/shared/context.ts";
import { testContext } from "./operation-context.ts";
import type { RecordingPayments } from "./recording-payments.ts";

/**
 * A shopper's shipping form as a checkout receives it, with the shop's address for the return pages
 * and the client address the form came from.
 */
export const SHIPPING = {
  name: "Tan Mei Ling",
  email: "mei@example.com",
  mobile: "9123 4567",
  address: "Blk 123 Tampines St 11, #04-56",
  postalCode: "521123",
  baseUrl: "http://shop.test",
  clientAddress: "203.0.113.10",
};

/** Whoever holds the bag: a guest, or the member signed in with it. */
export function holderOf(bagToken: string | null, memberId?: string | null): Viewer {
  if (!memberId) return guest(bagToken);
  return { kind: "member", memberId, subject: null, bagToken, session: null, identity: null };
}

/** What checkout reaches: the recording test provider as the payment provider, and its job recorder. */
export function checkoutPorts(recording: RecordingPayments): Partial<Ports> {
  return { payments: recording.payments, testPayments: recording.payments, jobs: recording.jobs.jobs };
}

/** A new guest bag holding these lines, filled as the bag page does; its token. */
export async function bagWith(db: Database, lines: [optionId: string, quantity: number][]): Promise<string> {
  let bagToken: string | null = null;
  for (const [optionId, quantity] of lines) {
    bagToken = (await addToBag(testContext(db, { viewer: guest(bagToken) }), { optionId, quantity })).bagToken;
  }
  if (!bagToken) throw new Error("a bag needs at least one line");
  return bagToken;
}
