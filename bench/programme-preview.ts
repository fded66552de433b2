/**
 * The programme draft's preview against a large member base on PostgreSQL: BENCH_MEMBERS members
 * (100,000 by default, 12% of them gold) with four orders each over the last 400 days, a sign-up entry
 * each, 2% of the orders refunded, and the order rows of the last 30 days, which the points liability
 * reads. Times previewProgrammeDraft (tier moves, liability, sample bag, copy) for a draft that raises
 * the gold multiplier and lowers the threshold, under each tier policy, then the "rejudge" policy
 * carried out over every member (rejudge-tiers.ts).
 * Run through `npm run bench:programme-preview`, which starts a throwaway PostgreSQL 15 cluster.
 */
import { sql } from "drizzle-orm";
import { openDatabase } from "../db/client.ts";
import type { ProgrammeRules } from "../domain/loyalty/programme/programme-rules.ts";
import { listProgrammeVersions } from "../domain/loyalty/programme-drafts/list-programme-versions.ts";
import { previewProgrammeDraft } from "../domain/loyalty/programme-drafts/preview-programme-draft.ts";
import { publishProgrammeDraft } from "../domain/loyalty/programme-drafts/publish-programme-draft.ts";
import { saveProgrammeDraft } from "../domain/loyalty/programme-drafts/save-programme-draft.ts";
import { startProgrammeDraft } from "../domain/loyalty/programme-drafts/start-programme-draft.ts";
import { rejudgeTiers } from "../domain/loyalty/tiers/rejudge-tiers.ts";
import { staffWith, testContext } from "../tests/setup/operation-context.ts";

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const databaseUrl = process.env.TEST_DATABASE_URL;
if (!databaseUrl) throw new Error("TEST_DATABASE_URL is not set: run this through `npm run bench:programme-preview`.");

const { db, close } = await openDatabase({ databaseUrl });
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function generate(): Promise<void> {
  const started = performance.now();
  await db.transaction(async (tx) => {
    // Bench rows only: the order rows' customers and checkout sessions are left out, so their foreign keys are not checked.
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`
      insert into members (id, email, name, membership_status, total_spent_cents, points, membership_start_at, gold_start_at, created_at, updated_at)
      select 'bm-' || lpad(g::text, 7, '0'), 'bench-' || g || '@example.com', 'Bench Member',
        case when g % 100 < 12 then 'gold' else 'green' end, 0, 0,
        now() - interval '500 days', case when g % 100 < 12 then now() - ((g % 300) || ' days')::interval end, now(), now()
      from generate_series(1, ${MEMBERS}) g`);
    await tx.execute(sql`
      insert into point_transactions (id, member_id, email, activity_type, transaction_type, points, spent_cents, meta, idempotency_key, programme_version, transaction_at, created_at, updated_at)
      select 'bs-' || g, 'bm-' || lpad(g::text, 7, '0'), 'bench-' || g || '@example.com', 'sign-up', 'credit', 50, 0,
        jsonb_build_object('activityType', 'sign-up'), 'sign-up:bm-' || g, 1, now() - interval '500 days', now(), now()
      from generate_series(1, ${MEMBERS}) g`);
    await tx.execute(sql`
      insert into point_transactions (id, member_id, email, activity_type, transaction_type, points, spent_cents, meta, idempotency_key, programme_version, transaction_at, created_at, updated_at)
      select 'bo-' || g || '-' || k, 'bm-' || lpad(g::text, 7, '0'), 'bench-' || g || '@example.com', 'order', 'credit',
        (2000 + (g * 37 + k * 101) % 13000) / 100, 2000 + (g * 37 + k * 101) % 13000,
        jsonb_build_object('orderId', 'bo-' || g || '-' || k), 'order:bo-' || g || '-' || k, 1,
        now() - (((g * 7 + k * 97) % 400) || ' days')::interval, now(), now()
      from generate_series(1, ${MEMBERS}) g, generate_series(1, 4) k`);
    await tx.execute(sql`
      insert into point_transactions (id, member_id, email, activity_type, transaction_type, points, spent_cents, meta, idempotency_key, programme_version, transaction_at, created_at, updated_at)
      select 'br-' || o.id, o.member_id, o.email, 'refund', 'debit', o.points, o.spent_cents, o.meta,
        'refund:' || o.id, 1, o.transaction_at + interval '1 day', now(), now()
      from point_transactions o where o.activity_type = 'order' and hashtext(o.id) % 50 = 0`);
    await tx.execute(sql`
      update members m set points = t.points, total_spent_cents = t.spent from (
        select member_id, sum(case when transaction_type = 'credit' then points else -points end) as points,
          greatest(0, sum(case when transaction_type = 'credit' then spent_cents else -spent_cents end)) as spent
        from point_transactions group by member_id) t
      where t.member_id = m.id`);
    await tx.execute(sql`
      insert into orders (id, order_id, invoice_id, idempotency_key, checkout_session_id, customer_id, member_id, status, email, mobile, env,
        subtotal_cents, discount_cents, shipping_cents, price_cents, paid_at, delivery_start, delivery_end, created_at, updated_at)
      select o.meta->>'orderId', 'ord_' || o.id, 'B' || o.id, 'checkout:cs_' || o.id, 'cs_' || o.id, 'cu_' || o.id, o.member_id, 'paid', o.email,
        '+6590000000', 'test', o.spent_cents + 500, 500, 490, o.spent_cents + 490, o.transaction_at, '2026-01-05', '2026-01-07', now(), now()
      from point_transactions o where o.activity_type = 'order' and o.transaction_at > now() - interval '31 days'`);
  });
  await db.execute(sql`analyze`);
  const [counts] = (
    (await db.execute(sql`select (select count(*) from members)::int as members, (select count(*) from point_transactions)::int as entries,
      (select count(*) from orders)::int as orders`)) as unknown as {
      rows: { members: number; entries: number; orders: number }[];
    }
  ).rows;
  console.log(`generated ${JSON.stringify(counts)} in ${seconds(performance.now() - started)}`);
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const started = performance.now();
  const result = await work();
  return { ms: performance.now() - started, result };
}

try {
  await generate();
  const staff = testContext(db, { viewer: staffWith("programme") });
  const { number } = await startProgrammeDraft(staff, {});
  const [draft] = await listProgrammeVersions(staff, {});
  if (!draft) throw new Error("no draft");
  const withPolicy = (tierPolicy: ProgrammeRules["tierPolicy"]): ProgrammeRules => ({
    ...draft.rules,
    tierPolicy,
    gold: { ...draft.rules.gold, multiplier: 2, thresholdCents: 25_000, qualifyingWindowMonths: 12 },
  });
  console.log(`\n${MEMBERS.toLocaleString("en")} members, PostgreSQL 15, ${ROUNDS} previews per policy\n`);
  console.log("| tier policy | median | slowest | green→gold | gold→green | liability change |\n|---|---:|---:|---:|---:|---:|");
  for (const policy of ["keep", "rejudge"] as const) {
    await saveProgrammeDraft(staff, { number, rules: withPolicy(policy) });
    const runs = [];
    for (let round = 0; round < ROUNDS; round++)
      runs.push(await timed(() => previewProgrammeDraft(staff, { number, sampleCents: 10_000 })));
    const sorted = runs.map((run) => run.ms).sort((a, b) => a - b);
    const preview = runs[0]?.result;
    if (!preview) throw new Error("no preview");
    // keep: none move at publishing; green members who would go gold at their next order, gold members whose renewal changes.
    const moved = policy === "keep" ? `${preview.atNextOrder} at next order` : preview.atPublish.greenToGold;
    const back =
      policy === "keep" ? `${preview.atGoldYearEnd.renewUnderCurrentOnly} at gold year's end` : preview.atPublish.goldToGreen;
    const change = preview.liability.draftPoints - preview.liability.currentPoints;
    console.log(
      `| ${policy} | ${seconds(sorted[Math.floor(sorted.length / 2)] ?? 0)} | ${seconds(sorted.at(-1) ?? 0)} | ${moved} | ${back} | ${change} over ${preview.liability.orders} orders |`,
    );
  }
  await publishProgrammeDraft(staff, { number, when: "now", date: "", time: "" });
  const rejudged = await timed(() => rejudgeTiers(db, staff.jobs, new Date()));
  console.log(`\nrejudge carried out over every member: ${seconds(rejudged.ms)} (${JSON.stringify(rejudged.result)})`);
} finally {
  await close();
}
