import type { Database } from "../../db/client.ts";
import { catalogFromDatabase } from "../../domain/catalog/catalog-reader.ts";
import { guest, type OperationContext, type Ports, type StaffViewer, type Viewer } from "../../domain/shared/context.ts";
import type { JobQueue } from "../../domain/shared/job-queue.ts";
import { permissionsOf, type StaffPermission } from "../../kernel/staff-permissions.ts";
import { recordingJobs } from "./recording-jobs.ts";

/** A port this test does not reach: using it fails the test loudly instead of pretending. */
function unavailable<T extends object>(name: string): T {
  return new Proxy({} as T, {
    get: (_target, property) => {
      if (property === "then") return undefined;
      throw new Error(`${name}.${String(property)} is not available in this test`);
    },
  });
}

/**
 * The job queue for a test that calls ledger, tier or refund helpers inside its own transaction: they
 * record events, which queue work only for a webhook endpoint, and such a test registers none.
 */
export const noJobQueue = unavailable<JobQueue>("jobs");

/** The secret test contexts sign unsubscribe links with. */
export const TEST_EMAIL_LINK_SECRET = "test-email-link-secret-0123456789abcdef";

/** A member viewer signed in through a browser session. */
export function memberViewer(memberId: string, subject: string | null = null): Viewer {
  return { kind: "member", memberId, subject, bagToken: null, session: null, identity: null };
}

/** A staff member (not an owner) holding only these permissions. */
export const staffWith = (...granted: StaffPermission[]): StaffViewer => ({
  kind: "staff",
  staffId: `staff-${granted.join("-")}`,
  email: `${granted.join("-") || "none"}@staff.test`,
  role: "staff",
  permissions: permissionsOf("staff", granted),
  session: null,
});

/**
 * An operation context over a test database: the viewer, clock, debug mode and ports a test gives;
 * a malformed value read from the database fails the test.
 */
export function testContext(
  db: Database,
  options: {
    viewer?: Viewer;
    now?: () => Date;
    debug?: boolean;
    ports?: Partial<Ports>;
    ownerEmails?: string[];
    /** Where warnings go when a test expects them; otherwise a warning fails the test. */
    log?: OperationContext["log"];
  } = {},
): OperationContext {
  const fail = (details: object, message: string) => {
    throw new Error(`${message}: ${JSON.stringify(details)}`);
  };
  const log = options.log ?? { info: () => {}, warn: fail, error: fail };
  return {
    db,
    catalog: catalogFromDatabase(db, log),
    payments: unavailable("payments"),
    testPayments: null,
    identity: unavailable("identity"),
    mailer: unavailable("mailer"),
    files: unavailable("files"),
    pictures: unavailable("pictures"),
    // Changes that queue work (a points email with an order's points) record it; nothing runs it.
    jobs: recordingJobs().jobs,
    webhooks: unavailable("webhooks"),
    ...options.ports,
    settings: {
      env: "test",
      brandName: "Nectar Lab",
      publicUrl: "http://localhost:3000",
      supplier: { name: "Nectar Lab", address: null, gstRegistrationNumber: null },
      adminEmail: null,
      ownerEmails: options.ownerEmails ?? [],
      emailLinkSecret: TEST_EMAIL_LINK_SECRET,
    },
    now: options.now ?? (() => new Date()),
    log,
    viewer: options.viewer ?? guest(),
    debug: options.debug ?? false,
  };
}
