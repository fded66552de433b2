import type { Database } from "../../db/client.ts";
import type { Mailer } from "../../integrations/email/mailer.ts";
import type { IdentityClient } from "../../integrations/identity/identity-client.ts";
import type { PictureEncoder } from "../../integrations/images/photo-encoder.ts";
import type { PaymentProvider } from "../../integrations/payments/payment-provider.ts";
import type { TestPaymentProvider } from "../../integrations/payments/test-provider.ts";
import type { FileStore } from "../../integrations/storage/file-store.ts";
import type { WebhookSender } from "../../integrations/webhooks/webhook-sender.ts";
import type { VerifiedIdentity } from "../../kernel/identity.ts";
import type { StaffPermission, StaffRole } from "../../kernel/staff-permissions.ts";
import type { JobQueue } from "./job-queue.ts";
import type { OperationLog } from "./operation-log.ts";
import type { ActiveSession } from "./session.ts";
import type { SharedReads } from "./shared-reads.ts";

/** A shopper without a sign-in; the bag cookie's token is their only proof of anything. */
export type GuestViewer = { kind: "guest"; bagToken: string | null };

/**
 * A signed-in member: through a browser session (member known) or a bearer access token (the
 * account's subject; the member follows from its identities and may not exist yet).
 */
export type MemberViewer = {
  kind: "member";
  memberId: string | null;
  subject: string | null;
  bagToken: string | null;
  session: ActiveSession | null;
  /** The account behind a bearer token; null for a session. */
  identity: VerifiedIdentity | null;
};

/** Someone who runs the shop, with the permissions their role gives. */
export type StaffViewer = {
  kind: "staff";
  staffId: string;
  email: string;
  role: StaffRole;
  permissions: ReadonlySet<StaffPermission>;
  /** The back-office sign-in this request came with (its id and the CSRF token its forms carry). */
  session?: { id: string; csrfToken: string } | null;
};

/** The shop itself: a background job acting on no one's behalf. Never built from a request. */
export type SystemViewer = { kind: "system"; job: string };

/**
 * The metrics scraper: let in at the edge by METRICS_TOKEN or the private metrics port, it may read the
 * shop's running totals and nothing about anyone.
 */
export type MonitorViewer = { kind: "monitor" };

export type Viewer = GuestViewer | MemberViewer | StaffViewer | SystemViewer | MonitorViewer;

/** The shop's outside systems, each behind one interface with an embedded default. */
export type Ports = {
  payments: PaymentProvider;
  /** The embedded test payment provider, when it stands in for Stripe. */
  testPayments: TestPaymentProvider | null;
  identity: IdentityClient;
  mailer: Mailer;
  files: FileStore;
  /** Reads and re-encodes uploaded pictures (product photos). */
  pictures: PictureEncoder;
  jobs: JobQueue;
  /** Outgoing webhook requests to the endpoints staff registered. */
  webhooks: WebhookSender;
};

/** The seller its invoices name; with a GST registration number they are tax invoices. */
export type Supplier = { name: string; address: string | null; gstRegistrationNumber: string | null };

export type ShopSettings = {
  env: string;
  brandName: string;
  publicUrl: string;
  supplier: Supplier;
  /** Where error alerts are emailed (ADMIN_EMAIL); null: they are only logged. */
  adminEmail: string | null;
  /** The owners OWNER_EMAILS names (lower case): always owners, whatever the staff list says. */
  ownerEmails: readonly string[];
  /** Signs the unsubscribe links of programme emails (EMAIL_LINK_SECRET). */
  emailLinkSecret: string;
};

/**
 * What areas above shared/ add to every context, each by declaring this interface again in its own
 * module (declaration merging), so that the bottom of domain/ names no area: the catalogue adds
 * `catalog` (catalog/catalog-reader.ts).
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging in the areas above
export interface AreaReaders {}

/**
 * Everything an operation may use, built once per request at the edge (or once per job run): the
 * database, the catalogue, the ports, the clock, the logger, who is asking and whether debug mode is on.
 */
export type OperationContext = Ports &
  AreaReaders & {
    db: Database;
    settings: ShopSettings;
    now: () => Date;
    log: OperationLog;
    viewer: Viewer;
    /** Debug mode (DEBUG_TOOLS): the debug operations work only when it is on; never in production. */
    debug: boolean;
    /** A request's reads made once for all its operations (shared-reads.ts); none outside a request. */
    reads?: SharedReads;
  };

/** The parts of a context that stay the same for every request of a process. */
export type ShopServices = Omit<OperationContext, "viewer" | "log" | "reads">;

export function contextFor(services: ShopServices, viewer: Viewer, log: OperationLog): OperationContext {
  return { ...services, viewer, log };
}

export const guest = (bagToken: string | null = null): GuestViewer => ({ kind: "guest", bagToken });

/** The bag this viewer holds, if any: a guest's or a member's browser cookie. */
export const bagTokenOf = (viewer: Viewer): string | null =>
  viewer.kind === "guest" || viewer.kind === "member" ? viewer.bagToken : null;
