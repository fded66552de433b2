import pg from "pg";
import { rehearsal } from "./rehearsal.ts";

/** The production shops' database, for what the journeys cannot see on a page and for moving a date. */
const pool = new pg.Pool({ connectionString: rehearsal.databaseUrl, max: 2 });

export async function query<Row extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<Row[]> {
  return (await pool.query<Row>(text, values)).rows;
}

export const closeDatabase = () => pool.end();

/** An off-session charge as the Stripe stand-in lists it. */
export type StripeCharge = {
  id: string;
  status: string;
  amount: number;
  payment_method: string;
  metadata: Record<string, string>;
};

/** Every off-session charge the stand-in made to the customer's kept cards (a repeated idempotency key makes none). */
export async function stripeChargesOf(customer: string): Promise<StripeCharge[]> {
  const response = await fetch(`${rehearsal.stripeUrl}/v1/payment_intents?customer=${encodeURIComponent(customer)}`);
  if (!response.ok) throw new Error(`the Stripe stand-in answered ${response.status}`);
  return ((await response.json()) as { data: StripeCharge[] }).data;
}
