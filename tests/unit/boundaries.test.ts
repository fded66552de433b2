import path from "node:path";
import { describe, expect, it } from "vitest";
import { findCycles, findProblems, findViolations, LAYERS } from "../../scripts/check-boundaries.ts";
import { plantedTrees } from "../setup/planted-tree.ts";

describe("layer boundary check", () => {
  const tree = plantedTrees();
  let root = "";

  it("refuses each import up the matrix, naming the file, the import and the rule", () => {
    root = tree({
      "app/routes/x.tsx": 'import type { Config } from "../../server/env.ts";',
      "domain/a.ts": 'import { b } from "../server/start.ts";\nconst page = await import("../app/root.tsx");',
      "integrations/identity/oidc.ts": 'import type { VerifiedIdentity } from "../../domain/members/identity.ts";',
      "db/schema/staff.ts": 'import type { StaffPermission } from "../../domain/staff/permissions.ts";',
      "db/seed/seed.ts": 'import { toCents } from "../../domain/shared/money.ts";',
      "kernel/money.ts": 'import { formatNumber } from "../app/lib/number.ts";',
    });
    expect(findViolations(root)).toEqual([
      "app/routes/x.tsx imports ../../server/env.ts (rule: app/ may import only domain/, integrations/, kernel/, content/)",
      "domain/a.ts imports ../server/start.ts (rule: domain/ may import only integrations/, db/, kernel/)",
      "domain/a.ts imports ../app/root.tsx (rule: domain/ may import only integrations/, db/, kernel/)",
      "integrations/identity/oidc.ts imports ../../domain/members/identity.ts (rule: integrations/ may import only kernel/)",
      "db/schema/staff.ts imports ../../domain/staff/permissions.ts (rule: db/ may import only kernel/)",
      "db/seed/seed.ts imports ../../domain/shared/money.ts (rule: db/ may import only kernel/)",
      "kernel/money.ts imports ../app/lib/number.ts (rule: kernel/ imports nothing of the shop)",
    ]);
  });

  it("refuses every pair of layers the matrix leaves out", () => {
    const planted: Record<string, string> = {};
    for (const [from, allowed] of Object.entries(LAYERS)) {
      for (const to of Object.keys(LAYERS)) {
        if (to !== from && !allowed.includes(to)) planted[`${from}/to-${to}.ts`] = `import { x } from "../${to}/x.ts";`;
      }
    }
    root = tree(planted);
    const violations = findViolations(root);
    expect(violations).toHaveLength(Object.keys(planted).length);
    for (const file of Object.keys(planted)) expect(violations.some((line) => line.startsWith(`${file} imports`))).toBe(true);
  });

  it("keeps adapters away from db/ and forwarding modules, though their layers may reach them", () => {
    root = tree({
      "app/routes/x.tsx": 'import { db } from "../../db/client.ts";',
      "server/graphql/r.ts": 'import { orders } from "../../db/schema/orders.ts";',
      "server/http/w.ts": 'import type { Shop } from "../../domain/shop.ts";',
      "app/routes/y.tsx": 'import { pointsUseCases } from "../../domain/loyalty/points-use-cases.ts";',
    });
    const adapters =
      "adapters (app/, server/graphql/, server/http/) never import db/: they reach the database through operations";
    const forwarding = "adapters import operation modules, not a forwarding layer";
    expect(findViolations(root)).toEqual([
      `server/graphql/r.ts imports ../../db/schema/orders.ts (rule: ${adapters})`,
      `server/http/w.ts imports ../../domain/shop.ts (rule: ${forwarding})`,
      "app/routes/x.tsx imports ../../db/client.ts (rule: app/ may import only domain/, integrations/, kernel/, content/)",
      `app/routes/y.tsx imports ../../domain/loyalty/points-use-cases.ts (rule: ${forwarding})`,
    ]);
  });

  it("lets adapters and domain/ take only types and ports from integrations/", () => {
    root = tree({
      "domain/orders/send.ts": 'import { createMailer } from "../../integrations/email/mailer.ts";',
      "domain/orders/mail.ts": 'import type { Mailer } from "../../integrations/email/mailer.ts";',
      "domain/members/link.ts": 'import { isTokenRefusal } from "../../integrations/identity/identity-client.ts";',
      "server/http/pay.ts": 'import { WebhookSignatureError } from "../../integrations/payments/payment-provider.ts";',
      "app/lib/files.ts": 'import { createLocalFileStore } from "../../integrations/storage/file-store.ts";',
    });
    const rule =
      "adapters and domain/ take from integrations/ only types (import type) and the ports " +
      "(integrations/identity/identity-client.ts, integrations/payments/payment-provider.ts)";
    expect(findViolations(root)).toEqual([
      `app/lib/files.ts imports ../../integrations/storage/file-store.ts (rule: ${rule})`,
      `domain/orders/send.ts imports ../../integrations/email/mailer.ts (rule: ${rule})`,
    ]);
  });

  it("lets only the embedded providers' storage reach db/ from integrations/", () => {
    root = tree({
      "integrations/identity/embedded-provider/accounts.ts": 'import type { Database } from "../../../db/client.ts";',
      "integrations/payments/test-provider.ts": 'import { testPaymentEvents } from "../../db/schema/test-payments.ts";',
      "integrations/email/outbox.ts": 'import type { Database } from "../../db/client.ts";',
    });
    expect(findViolations(root)).toEqual([
      "integrations/email/outbox.ts imports ../../db/client.ts (rule: integrations/ may import only kernel/)",
    ]);
  });

  it("refuses a layer importing scripts/, tests/ or bench/", () => {
    root = tree({ "server/start.ts": 'import { fixture } from "../tests/setup/fixture.ts";' });
    expect(findViolations(root)).toEqual([
      "server/start.ts imports ../tests/setup/fixture.ts (rule: the layers import nothing outside them (scripts/, tests/ and bench/ stand outside the matrix))",
    ]);
  });

  it("accepts every import down the matrix", () => {
    root = tree({
      "server/start.ts": [
        'import { openDatabase } from "../db/client.ts";',
        'import { createMailer } from "../integrations/email/mailer.ts";',
        'import { reportServerError } from "../app/lib/server-error-alert.server.ts";',
      ].join("\n"),
      "server/graphql/r.ts":
        'import { a } from "../../domain/loyalty/points/earn-points.ts";\nimport type { Logger } from "../logger.ts";',
      "server/http/bag.ts": 'import { bagCookie } from "../../app/lib/bag-cookie.server.ts";',
      "app/x.ts": 'import { a } from "../domain/loyalty/earn-points.ts";\nimport { formatMoney } from "../kernel/money.ts";',
      "app/lib/content.ts": 'import company from "../../content/company.json";',
      "domain/a.ts": 'import { b } from "../db/client.ts";\nimport type { Mailer } from "../integrations/email/mailer.ts";',
      "integrations/identity/claims.ts": 'import { AppError } from "../../kernel/app-error.ts";',
      "db/schema/staff.ts": 'import type { StaffPermission } from "../../kernel/staff-permissions.ts";',
      "kernel/money.ts": 'import { formatNumber } from "./number-format.ts";',
    });
    expect(findViolations(root)).toEqual([]);
    expect(findCycles(root)).toEqual([]);
  });

  it("finds files that import one another in a loop, type imports included", () => {
    root = tree({
      "app/root.tsx": 'import { SiteChrome } from "./components/site-chrome.tsx";',
      "app/components/site-chrome.tsx": 'import { useBrandName } from "./brand.tsx";',
      "app/components/brand.tsx": 'import type { loader } from "../root.tsx";',
      "app/components/site-header.tsx": 'import { BrandLink } from "./brand.tsx";',
      "db/seed/bundles.ts": 'import type { SeedProduct } from "./catalog-data.ts";',
      "db/seed/catalog-data.ts": 'import { BUNDLES } from "./bundles.ts";',
    });
    expect(findCycles(root)).toEqual([
      "import cycle: app/components/brand.tsx → app/root.tsx → app/components/site-chrome.tsx → app/components/brand.tsx",
      "import cycle: db/seed/bundles.ts → db/seed/catalog-data.ts → db/seed/bundles.ts",
    ]);
  });

  it("holds for this repository, with every house rule", () => {
    expect(findProblems(path.resolve(import.meta.dirname, "../.."))).toEqual([]);
  });
});
