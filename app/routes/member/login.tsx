import { Gift, Mail, Sparkles, Trophy } from "lucide-react";
import type { ReactNode } from "react";
import { redirect } from "react-router";
import { safeReturnPath } from "../../../domain/identity/return-path.ts";
import { getProgramme } from "../../../domain/loyalty/programme/get-programme.ts";
import { formatPoints, goldRuleText, orderPointsText } from "../../../domain/loyalty/programme/programme-copy.ts";
import { useBrandName } from "../../components/brand.tsx";
import { requestContext } from "../../context.ts";
import { signInErrorMessage } from "../../lib/member-messages.ts";
import { privatePageHeaders } from "../../lib/member-session.server.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = (args) => pageMeta(args, "Sign In");

export const headers: Route.HeadersFunction = privatePageHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { session, operations } = context.get(requestContext);
  const query = new URL(request.url).searchParams;
  const returnTo = safeReturnPath(query.get("redirect"));
  if (session) throw redirect(returnTo);
  const { terms, signUpPoints } = await getProgramme(operations, {});
  return { returnTo, errorMessage: signInErrorMessage(query.get("error")), terms, signUpPoints };
}

const PROVIDERS = [
  { value: "google", label: "Continue with Google", mark: "G", markClass: "bg-white text-[#1a73e8] ring-1 ring-slate-300" },
  { value: "facebook", label: "Continue with Facebook", mark: "f", markClass: "bg-[#1877f2] text-white" },
  {
    value: "email",
    label: "Continue with an email code",
    mark: <Mail className="size-4" />,
    markClass: "bg-brand-100 text-brand-800",
  },
] as const;

export default function MemberLogin({ loaderData }: Route.ComponentProps) {
  const brandName = useBrandName();
  return (
    <div className="mx-auto grid max-w-5xl gap-8 px-4 py-10 md:grid-cols-2 md:py-16">
      <section aria-labelledby="sign-in-heading" className="md:order-2">
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h1 id="sign-in-heading" className="text-3xl font-extrabold tracking-tight text-brand-900">
            Sign in
          </h1>
          <p className="mt-2 text-muted">
            Use your Google or Facebook account, or a code we email you. New here? Continuing creates your membership.
          </p>
          {loaderData.errorMessage && (
            <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 font-medium text-sale">
              {loaderData.errorMessage}
            </p>
          )}
          {/* A plain form: sign-in continues on the identity provider's site. */}
          <form method="post" action="/member/login" className="mt-6 space-y-3">
            <input type="hidden" name="redirect" value={loaderData.returnTo} />
            {PROVIDERS.map((provider) => (
              <button
                key={provider.value}
                type="submit"
                name="provider"
                value={provider.value}
                className="flex w-full items-center justify-center gap-3 rounded-full border border-slate-300 bg-white px-5 py-3 font-semibold text-ink shadow-sm hover:border-brand-700 hover:bg-brand-50"
              >
                <span
                  aria-hidden="true"
                  className={`flex size-6 items-center justify-center rounded-full text-sm font-extrabold ${provider.markClass}`}
                >
                  {provider.mark}
                </span>
                {provider.label}
              </button>
            ))}
          </form>
          <p className="mt-6 text-sm text-muted">
            We use the name, email address and picture of the account you choose, and never post anything for you. An email code
            signs you in with that address alone.
          </p>
        </div>
      </section>

      <section aria-labelledby="programme-heading" className="md:order-1 md:pt-4">
        <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">{brandName} rewards</p>
        <h2 id="programme-heading" className="mt-2 text-2xl font-bold tracking-tight text-brand-900">
          Earn points every time you sip
        </h2>
        <ul className="mt-6 space-y-5">
          <Benefit
            icon={<Gift aria-hidden="true" className="size-5" />}
            title={`${formatPoints(loaderData.signUpPoints)} for joining`}
          >
            Your first points arrive the moment you sign in.
          </Benefit>
          <Benefit icon={<Sparkles aria-hidden="true" className="size-5" />} title="Points on orders and actions">
            {orderPointsText(loaderData.terms)}, plus bonus points for following us and sharing a review. Trade points for free
            drinks.
          </Benefit>
          <Benefit icon={<Trophy aria-hidden="true" className="size-5" />} title="Green to gold">
            {goldRuleText(loaderData.terms)}
          </Benefit>
        </ul>
      </section>
    </div>
  );
}

function Benefit({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-3">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-800">{icon}</span>
      <div>
        <p className="font-semibold">{title}</p>
        <p className="text-muted">{children}</p>
      </div>
    </li>
  );
}
