import { describe, expect, it } from "vitest";
import { findServerModulesInBrowser } from "../../scripts/boundaries/browser-graph.ts";
import { type Constant, findRedefinedConstants } from "../../scripts/boundaries/constants.ts";
import { FORM_READER, findSecondFormReaders } from "../../scripts/boundaries/form-reading.ts";
import { findOverlongFiles } from "../../scripts/boundaries/line-budgets.ts";
import { PORTS } from "../../scripts/check-boundaries.ts";
import { plantedTrees } from "../setup/planted-tree.ts";

const lines = (count: number) => "export const x = 1;\n".repeat(count);

describe("line budgets", () => {
  const tree = plantedTrees();

  it("refuses a route module over 250 lines and any other file over 300, and does not read tests/", () => {
    const root = tree({
      "app/routes/admin/long-page.tsx": lines(251),
      "app/routes/admin/full-page.tsx": lines(250),
      "app/root.tsx": lines(251),
      "app/components/table.tsx": lines(300),
      "domain/orders/long-operation.ts": lines(301),
      "db/schema/orders.ts": lines(301),
      "scripts/long-script.ts": lines(301),
      "tests/integration/long.test.ts": lines(900),
    });
    expect(findOverlongFiles(root, ["app", "domain", "db", "scripts"])).toEqual([
      "app/root.tsx has 251 lines (rule: route modules have at most 250 lines)",
      "app/routes/admin/long-page.tsx has 251 lines (rule: route modules have at most 250 lines)",
      "domain/orders/long-operation.ts has 301 lines (rule: files have at most 300 lines)",
      "db/schema/orders.ts has 301 lines (rule: files have at most 300 lines)",
      "scripts/long-script.ts has 301 lines (rule: files have at most 300 lines)",
    ]);
  });
});

describe("constants defined once", () => {
  const tree = plantedTrees();
  const CONSTANTS: Constant[] = [
    { name: "MINUTE_MS", home: "kernel/time.ts" },
    { name: "HOUR_MS", home: "kernel/time.ts", ms: 3_600_000 },
    { name: "DAY_MS", home: "kernel/time.ts", ms: 86_400_000 },
    { name: "REVIEW_STATUSES", home: "kernel/review-statuses.ts" },
  ];
  const HOMES = {
    "kernel/time.ts":
      "export const MINUTE_MS = 60_000;\nexport const HOUR_MS = 60 * MINUTE_MS;\nexport const DAY_MS = 24 * HOUR_MS;",
    "kernel/review-statuses.ts": 'export const REVIEW_STATUSES = ["pending", "approved", "rejected"] as const;',
  };
  const FOLDERS = { names: ["app", "domain", "db", "kernel", "tests"], values: ["app", "domain", "db", "kernel"] };
  const rule = (name: string, home: string) => `rule: ${name} is declared once, in ${home}`;

  it("refuses a second declaration of a listed name anywhere, tests included", () => {
    const root = tree({
      ...HOMES,
      "domain/member-emails/preview.ts": "const DAY_MS = 86_400_000;",
      "app/routes/admin/draft.tsx": "export let HOUR_MS = 0;",
      "tests/integration/holds.test.ts": "const MINUTE_MS = 60_000;",
    });
    expect(findRedefinedConstants(root, FOLDERS, CONSTANTS)).toEqual([
      `app/routes/admin/draft.tsx declares HOUR_MS again (${rule("HOUR_MS", "kernel/time.ts")})`,
      `domain/member-emails/preview.ts declares DAY_MS again (${rule("DAY_MS", "kernel/time.ts")})`,
      `domain/member-emails/preview.ts spells out DAY_MS as 86_400_000 (${rule("DAY_MS", "kernel/time.ts")})`,
      `tests/integration/holds.test.ts declares MINUTE_MS again (${rule("MINUTE_MS", "kernel/time.ts")})`,
    ]);
  });

  it("refuses an hour or a day spelt out under another name, however it is multiplied", () => {
    const root = tree({
      ...HOMES,
      "domain/identity/sessions.ts": "const IDLE = 2 * 60 * 60 * 1000;",
      "domain/loyalty/dummy.ts": "export const OFFSET = 2 * 24 * 60 * 60 * 1000;",
      "kernel/offset.ts": "export const SINGAPORE = 8 * 3_600_000;",
      "app/lib/cookie.ts": "const DAYS = 24 * HOUR_MS;",
    });
    expect(findRedefinedConstants(root, FOLDERS, CONSTANTS)).toEqual([
      `app/lib/cookie.ts spells out DAY_MS as 24 * HOUR_MS (${rule("DAY_MS", "kernel/time.ts")})`,
      `domain/identity/sessions.ts spells out HOUR_MS as 2 * 60 * 60 * 1000 (${rule("HOUR_MS", "kernel/time.ts")})`,
      `domain/loyalty/dummy.ts spells out DAY_MS as 2 * 24 * 60 * 60 * 1000 (${rule("DAY_MS", "kernel/time.ts")})`,
      `kernel/offset.ts spells out HOUR_MS as 8 * 3_600_000 (${rule("HOUR_MS", "kernel/time.ts")})`,
    ]);
  });

  it("refuses a list with the members of a listed one, in any order", () => {
    const root = tree({
      ...HOMES,
      "db/schema/reviews.ts": 'status: text("status", { enum: ["pending", "approved", "rejected"] })',
      "domain/reviews/filter.ts": 'const SHOWN = new Set([\n  "rejected",\n  "pending",\n  "approved",\n]);',
    });
    expect(findRedefinedConstants(root, FOLDERS, CONSTANTS)).toEqual([
      `domain/reviews/filter.ts spells out REVIEW_STATUSES (${rule("REVIEW_STATUSES", "kernel/review-statuses.ts")})`,
      `db/schema/reviews.ts spells out REVIEW_STATUSES (${rule("REVIEW_STATUSES", "kernel/review-statuses.ts")})`,
    ]);
  });

  it("accepts the constants used, other durations and lists, comments, and literal times in tests", () => {
    const root = tree({
      ...HOMES,
      "domain/loyalty/expiry.ts": "// A margin of 24 * 60 * 60 * 1000, as DAY_MS is.\nconst margin = 2 * DAY_MS + 8 * HOUR_MS;",
      "domain/identity/session.ts": "export const TOUCH_INTERVAL_MS = 5 * 60_000;\nconst COOKIE_SECONDS = 24 * 60 * 60;",
      "domain/reviews/open.ts": 'const OPEN = ["pending", "approved"];',
      "tests/integration/sessions.test.ts": "const DAY = 24 * 60 * 60 * 1000;",
    });
    expect(findRedefinedConstants(root, FOLDERS, CONSTANTS)).toEqual([]);
  });

  it("says when a home no longer declares its constant", () => {
    const root = tree({ "kernel/time.ts": "export const MINUTE_MS = 60_000;\nexport const HOUR_MS = 3_600_000;" });
    expect(findRedefinedConstants(root, FOLDERS, CONSTANTS)).toEqual([
      "kernel/time.ts does not declare DAY_MS, its home",
      "kernel/review-statuses.ts does not declare REVIEW_STATUSES, its home",
    ]);
  });
});

describe("server-only modules kept from the browser", () => {
  const tree = plantedTrees();
  const rule =
    "(rule: a module taking values from node:*, db/ or an integration that is not a port is named .server.ts or kept from browser code)";

  it("refuses a module using node:*, db/ or an integration that browser code reaches, naming the way", () => {
    const root = tree({
      "app/routes/email/unsubscribe.tsx": [
        'import { UNSUBSCRIBE_PATH } from "../../../domain/member-emails/unsubscribe-token.ts";',
        "export default function Page() {",
        "  return <form action={UNSUBSCRIBE_PATH} />;",
        "}",
      ].join("\n"),
      "domain/member-emails/unsubscribe-token.ts":
        'import { createHmac } from "node:crypto";\nexport const UNSUBSCRIBE_PATH = "/x";',
      "app/lib/listing.ts": 'import { PER_PAGE } from "../../domain/catalog/list-products.ts";',
      "domain/catalog/list-products.ts": 'import { anyone } from "../shared/access.ts";\nexport const PER_PAGE = 12;',
      "domain/shared/access.ts": 'import { members } from "../../db/schema/members.ts";',
      "app/components/photo.tsx": 'const store = () => import("../../domain/photos/store.ts");',
      "domain/photos/store.ts": 'import { createLocalFileStore } from "../../integrations/storage/file-store.ts";',
    });
    expect(findServerModulesInBrowser(root, PORTS)).toEqual([
      `domain/photos/store.ts imports ../../integrations/storage/file-store.ts and browser code reaches it: app/components/photo.tsx → domain/photos/store.ts ${rule}`,
      `domain/member-emails/unsubscribe-token.ts imports node:crypto and browser code reaches it: app/routes/email/unsubscribe.tsx → domain/member-emails/unsubscribe-token.ts ${rule}`,
      `domain/shared/access.ts imports ../../db/schema/members.ts and browser code reaches it: app/lib/listing.ts → domain/catalog/list-products.ts → domain/shared/access.ts ${rule}`,
    ]);
  });

  it("refuses an operation a page's component uses, though its loader may", () => {
    const root = tree({
      "app/routes/admin/reviews.tsx": [
        'import { decideReview, REVIEW_LIMIT } from "../../../domain/reviews/decide-review.ts";',
        "export async function loader() {",
        "  return decideReview();",
        "}",
        "export default function Page() {",
        "  return <p>{REVIEW_LIMIT}</p>;",
        "}",
      ].join("\n"),
      "domain/reviews/decide-review.ts": 'import { reviews } from "../../db/schema/reviews.ts";\nexport const REVIEW_LIMIT = 5;',
    });
    expect(findServerModulesInBrowser(root, PORTS)).toEqual([
      `domain/reviews/decide-review.ts imports ../../db/schema/reviews.ts and browser code reaches it: app/routes/admin/reviews.tsx → domain/reviews/decide-review.ts ${rule}`,
    ]);
  });

  it("accepts what only loaders and actions use, .server.ts modules, types and ports", () => {
    const root = tree({
      "app/routes/admin/order.tsx": [
        'import { readFile } from "node:fs/promises";',
        'import type { Mailer } from "../../../integrations/email/mailer.ts";',
        'import { orderForStaff } from "../../../domain/orders/order-for-staff.ts";',
        'import { requireStaffPage } from "../../lib/back-office.server.ts";',
        'import { formatMoney } from "../../../kernel/money.ts";',
        "",
        "/** Only the loader reads the template. */",
        "async function template() {",
        '  return readFile("x");',
        "}",
        "",
        "export async function loader(args: LoaderArgs) {",
        "  requireStaffPage(args);",
        "  return { order: await orderForStaff(), template: await template() };",
        "}",
        "",
        "export const action = async () => orderForStaff();",
        "",
        "export default function Page({ loaderData }: { loaderData: Awaited<ReturnType<typeof loader>> }) {",
        "  return <p>{formatMoney(loaderData.order.total)} {loaderData.template}</p>;",
        "}",
      ].join("\n"),
      "domain/orders/order-for-staff.ts": 'import { orders } from "../../db/schema/orders.ts";',
      "app/lib/back-office.server.ts": 'import { staffOf } from "../../domain/staff/staff-access.ts";',
      "domain/staff/staff-access.ts": 'import { staffSessions } from "../../db/schema/staff.ts";',
      "app/components/pay.tsx": 'import { WebhookSignatureError } from "../../integrations/payments/payment-provider.ts";',
      "integrations/payments/payment-provider.ts": "export class WebhookSignatureError extends Error {}",
      "kernel/money.ts": "export const formatMoney = (cents: number) => String(cents);",
    });
    expect(findServerModulesInBrowser(root, PORTS)).toEqual([]);
  });
});

describe("forms read one way and parsed once", () => {
  const tree = plantedTrees();

  it("refuses a page that reads the request's form, imports parseInput or parses an input schema itself", () => {
    const root = tree({
      [FORM_READER]: "export const readForm = (request) => request.formData();",
      "app/routes/own-form.tsx": "export async function action({ request }) { const form = await request.formData(); }",
      "app/routes/double-parse.tsx": 'import { parseInput } from "../../domain/shared/operation.ts";',
      "app/routes/schema-parse.tsx": "const input = AddToBagInput.safeParse(fields);",
      "app/routes/schema-part-parse.tsx": "const input = ReviewInput.omit({ productId: true }).parse(fields);",
    });
    expect(findSecondFormReaders(root)).toEqual([
      "app/routes/double-parse.tsx parses an operation's input itself (rule: the page hands formInput's raw fields on and the operation parses once)",
      "app/routes/own-form.tsx reads a request's form itself (rule: forms are read by readForm in app/lib/action-result.server.ts)",
      "app/routes/schema-parse.tsx parses an operation's input schema itself (rule: the page hands formInput's raw fields on and the operation parses once)",
      "app/routes/schema-part-parse.tsx parses an operation's input schema itself (rule: the page hands formInput's raw fields on and the operation parses once)",
    ]);
  });

  it("accepts formInput's fields handed to an operation, other parsing, and words about forms", () => {
    const root = tree({
      "app/routes/bag.tsx":
        'const added = await addToBag(operations, formInput(AddToBagInput, form)); // not request.formData()\nconst at = Date.parse(text);\nconst note = "call .formData() and parseInput";',
      "app/components/pending.tsx": 'const busy = navigation.formData?.get("intent") === "claim";',
    });
    expect(findSecondFormReaders(root)).toEqual([]);
  });
});
