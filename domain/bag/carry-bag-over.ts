import { and, eq, exists, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { bagLines, bags } from "../../db/schema/bags.ts";
import { bagIdOf, isWellFormedBagToken, newBagToken } from "./bag-token.ts";

/**
 * At sign-in the bag follows the member: the browser's bag (when it holds anything) becomes the
 * member's; a browser without one gets the bag the member left last time. A bag is found by the hash
 * of its token and the old token is not kept, so that bag is re-keyed under a new token (its lines,
 * open checkouts and order access move with it) in one statement. Returns the new token to hand the
 * browser, or null when its bag cookie stays as it is.
 */
export async function carryBagOver(
  db: Database,
  input: { bagToken: string | null; memberId: string },
  now = new Date(),
): Promise<{ bagToken: string | null }> {
  const currentId = isWellFormedBagToken(input.bagToken) ? bagIdOf(input.bagToken) : null;
  if (currentId) {
    const claimed = await db
      .update(bags)
      .set({ memberId: input.memberId, updatedAt: now })
      .where(and(eq(bags.id, currentId), exists(db.select().from(bagLines).where(eq(bagLines.bagId, currentId)))))
      .returning({ id: bags.id });
    if (claimed.length > 0) return { bagToken: null };
  }

  const bagToken = newBagToken();
  const newId = bagIdOf(bagToken);
  const moved = (await db.execute(sql`
    with previous as (
      select b.id from bags b
      where b.member_id = ${input.memberId}
        and b.id is distinct from ${currentId}
        and exists (select 1 from bag_lines l where l.bag_id = b.id)
      order by b.updated_at desc
      limit 1
      for update
    ),
    moved as (
      update bags set id = ${newId}, updated_at = ${now.toISOString()}
      from previous where bags.id = previous.id
      returning previous.id as old_id
    ),
    lines as (
      update bag_lines set bag_id = ${newId} from moved where bag_lines.bag_id = moved.old_id returning 1
    ),
    checkouts as (
      update checkout_sessions set bag_id = ${newId}
      from moved where checkout_sessions.bag_id = moved.old_id and checkout_sessions.status = 'open'
      returning 1
    ),
    grants as (
      update order_access_grants set holder_id = ${newId} from moved where order_access_grants.holder_id = moved.old_id returning 1
    )
    select old_id from moved
  `)) as { rows: unknown[] };
  return { bagToken: moved.rows.length > 0 ? bagToken : null };
}
