import { data, Link } from "react-router";
import { MAX_RANGE_DAYS } from "../../../domain/dashboard/analytics-range.ts";
import { getDashboard } from "../../../domain/dashboard/get-dashboard.ts";
import { getProgrammeAnalytics } from "../../../domain/dashboard/get-programme-analytics.ts";
import { getSubscriptionReport } from "../../../domain/reports/subscription-report.ts";
import { isAppError } from "../../../kernel/app-error.ts";
import { STAFF_PERMISSIONS, type StaffPermission } from "../../../kernel/staff-permissions.ts";
import { LINK, PageHeading } from "../../components/admin/admin-parts.tsx";
import { Dashboard } from "../../components/admin/dashboard.tsx";
import { ProgrammeAnalytics, type ProgrammeAnalyticsView } from "../../components/admin/programme-analytics.tsx";
import { SubscriptionFigures } from "../../components/admin/subscription-figures.tsx";
import { expectedFailure } from "../../lib/action-result.server.ts";
import { requireStaffPage } from "../../lib/back-office.server.ts";
import { PERMISSION_LABELS, sectionsFor } from "../../lib/back-office-sections.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import type { Route } from "./+types/admin-home";

export const meta: Route.MetaFunction = (args) => [...pageMeta(args, "Back office"), { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  const { staff, operations } = requireStaffPage(args);
  // Staff who see neither orders nor members get no figures, only their list of what they may do.
  const dashboard = await getDashboard(operations, {}).catch((error: unknown) => {
    if (isAppError(error) && error.code === "FORBIDDEN") return null;
    throw error;
  });
  const query = new URL(args.request.url).searchParams;
  const range = { from: query.get("from") ?? "", to: query.get("to") ?? "" };
  // Staff who see members' points but neither orders nor subscriptions get no subscription figures.
  const subscriptions = dashboard
    ? await getSubscriptionReport(operations, {}).catch((error: unknown) => {
        if (isAppError(error) && error.code === "FORBIDDEN") return null;
        throw error;
      })
    : null;
  let analytics: ProgrammeAnalyticsView | null = null;
  let status = 200;
  if (dashboard) {
    try {
      analytics = { figures: await getProgrammeAnalytics(operations, range), error: null };
    } catch (error) {
      const failure = expectedFailure(error);
      analytics = { figures: null, error: failure.message, range };
      status = failure.status;
    }
  }
  return data(
    {
      dashboard,
      subscriptions,
      analytics,
      role: staff.role,
      allowed: STAFF_PERMISSIONS.filter((permission) => staff.permissions.has(permission)),
      sections: sectionsFor(staff.permissions).map(({ to, label, about }) => ({ to, label, about })),
    },
    { status },
  );
}

/** What each permission lets a staff member do here. */
const ABILITIES: Record<StaffPermission, string> = {
  orders: "See orders and mark them shipped or delivered.",
  refunds: "Refund orders, in full, by line or by amount.",
  points: "Credit or debit members' points with a reason.",
  catalog: "Edit products, prices, flavours and bundles, switch them on and off, and edit the rewards catalogue.",
  promotions: "Create, edit and switch off promotion codes.",
  programme: "Change the loyalty programme's rules and run bonus-point campaigns.",
  webhooks: "Register webhook endpoints, see what was sent to them and redeliver it.",
  subscriptions: "See members' subscriptions, skip, pause, resume or cancel them, and set the subscription offer.",
  staff: "Add, change and remove staff, read the audit log, and choose how shoppers may pay.",
};

export default function AdminHome({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeading title="Back office">
        {loaderData.role === "owner" ? "As an owner you may do everything here." : "Your role allows you to:"}
      </PageHeading>
      {loaderData.dashboard && <Dashboard data={loaderData.dashboard} />}
      {loaderData.subscriptions && <SubscriptionFigures report={loaderData.subscriptions} />}
      {loaderData.analytics && <ProgrammeAnalytics view={loaderData.analytics} maxDays={MAX_RANGE_DAYS} />}
      {loaderData.sections.length > 0 && (
        <ul className="mt-4 grid gap-3 sm:grid-cols-2">
          {loaderData.sections.map((section) => (
            <li key={section.to} className="rounded-lg border border-slate-200 bg-white p-4">
              <Link to={section.to} className={LINK}>
                {section.label}
              </Link>
              <p className="mt-1 text-muted">{section.about}</p>
            </li>
          ))}
        </ul>
      )}
      {loaderData.allowed.length === 0 ? (
        <p className="mt-6 rounded-lg border border-slate-200 bg-white p-4">
          Your role has no permissions yet. Ask an owner to give you some.
        </p>
      ) : (
        <ul className="mt-6 grid gap-3 sm:grid-cols-2" aria-label="Your permissions">
          {loaderData.allowed.map((permission) => (
            <li key={permission} className="rounded-lg border border-slate-200 bg-white p-4">
              <h2 className="font-bold text-brand-900">{PERMISSION_LABELS[permission]}</h2>
              <p className="mt-1 text-muted">{ABILITIES[permission]}</p>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
