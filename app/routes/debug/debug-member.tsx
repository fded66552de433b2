import { data, Form } from "react-router";
import { getMemberByEmailAndProviderTypeFast } from "../../../domain/members/get-member-by-email-and-provider-type-fast.ts";
import { loadMemberLists, MEMBER_LISTS } from "../../../domain/members/member-lists.ts";
import type { MemberView } from "../../../domain/members/member-view.ts";
import { Answer, buttonClass, DebugSection, FieldList, inputClass, RecordList } from "../../components/debug/debug-ui.tsx";
import { PageHeading } from "../../components/page-heading.tsx";
import { type RequestContext, requestContext } from "../../context.ts";
import { type DebugAnswer, debugFailure, requireDebugPage } from "../../lib/debug-page.server.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import type { Route } from "./+types/debug-member";

export const meta: Route.MetaFunction = (args) => pageMeta(args, "Debug: Member");

const PROVIDERS = ["google", "facebook"] as const;

type Lookup = { answer: DebugAnswer | null; member: MemberView | null; status: number };

/** The whole member, through the same operation (and so the same permission check) GraphQL uses. */
async function lookUp(ctx: RequestContext, email: string, providerType: string): Promise<Lookup> {
  try {
    const member = await getMemberByEmailAndProviderTypeFast(ctx.operations, { email, providerType });
    if (!member)
      return {
        answer: { ok: false, message: `No member signs in with ${providerType} as ${email}.` },
        member: null,
        status: 404,
      };
    return {
      answer: null,
      member: { ...member, ...(await loadMemberLists(ctx.operations, member.id, MEMBER_LISTS)) },
      status: 200,
    };
  } catch (error) {
    return { ...debugFailure(error), member: null };
  }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  requireDebugPage(ctx, request);
  const query = new URL(request.url).searchParams;
  const form = { email: query.get("email")?.trim() ?? "", provider: query.get("provider") ?? "google" };
  if (!form.email) return { form, answer: null, member: null };
  const { status, ...found } = await lookUp(ctx, form.email, form.provider);
  return data({ form, ...found }, { status });
}

export default function DebugMember({ loaderData }: Route.ComponentProps) {
  const { form, answer, member } = loaderData;
  return (
    <>
      <PageHeading eyebrow="Debug" title="Member">
        Look up a membership by the email of its Google or Facebook sign-in and see its whole record.
      </PageHeading>
      <div className="px-4">
        <Form method="get" className="grid gap-4 sm:grid-cols-[2fr_1fr_auto] sm:items-end">
          <div>
            <label htmlFor="member-email" className="block font-medium">
              Email
            </label>
            <input id="member-email" name="email" type="email" required defaultValue={form.email} className={inputClass} />
          </div>
          <div>
            <label htmlFor="member-provider" className="block font-medium">
              Provider
            </label>
            <select id="member-provider" name="provider" defaultValue={form.provider} className={inputClass}>
              {PROVIDERS.map((provider) => (
                <option key={provider} value={provider}>
                  {provider}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className={buttonClass}>
            Look up
          </button>
        </Form>
        <Answer answer={answer} />
        {member && <MemberRecord member={member} />}
      </div>
    </>
  );
}

function MemberRecord({ member }: { member: MemberView }) {
  const { pointTransactions, redeems, linkedCustomers, linkedOrders, dummyOrders, ...fields } = member;
  return (
    <div data-testid="member-record">
      <DebugSection id="member-fields" title={`${member.name} (${member.membershipStatus})`}>
        <FieldList record={fields} />
      </DebugSection>
      <DebugSection id="member-point-transactions" title={`Point transactions (newest ${pointTransactions.length})`}>
        <RecordList
          items={pointTransactions}
          label={(entry) => `${entry.activityLabel}: ${entry.transactionType} ${entry.points}`}
        />
      </DebugSection>
      <DebugSection id="member-redeems" title="Redeems">
        <RecordList items={redeems} label={(redeem) => `${redeem.status}: ${redeem.quantity} × ${redeem.optionId}`} />
      </DebugSection>
      <DebugSection id="member-linked-customers" title="Linked customers">
        <RecordList items={linkedCustomers} label={(customer) => `${customer.name} <${customer.email}>`} />
      </DebugSection>
      <DebugSection id="member-linked-orders" title="Linked orders">
        <RecordList items={linkedOrders} label={(order) => `Invoice ${order.invoiceId} (${order.status})`} />
      </DebugSection>
      <DebugSection id="member-dummy-orders" title="Dummy orders">
        <RecordList items={dummyOrders} label={(order) => `Invoice ${order.invoiceId}`} />
      </DebugSection>
    </div>
  );
}
