import { redirect } from "react-router";
import { useBrandName } from "../../components/brand.tsx";
import { requestContext } from "../../context.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import type { Route } from "./+types/admin-login";

export const meta: Route.MetaFunction = (args) => [...pageMeta(args, "Staff sign-in"), { name: "robots", content: "noindex" }];

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" });

export function loader({ context }: Route.LoaderArgs) {
  if (context.get(requestContext).operations.viewer.kind === "staff") throw redirect("/admin");
  return null;
}

const PROVIDERS = [
  { value: "google", label: "Google" },
  { value: "facebook", label: "Facebook" },
] as const;

/** The back office's sign-in: the same identity provider as members, a session of its own. */
export default function AdminLogin() {
  const brandName = useBrandName();
  return (
    <main id="main" className="mx-auto w-full max-w-md flex-1 px-4 py-16">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">{brandName}</p>
        <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-brand-900">Staff sign-in</h1>
        <p className="mt-2 text-muted">For the people who run the shop. Sign in with the account your email was added with.</p>
        <form method="post" action="/admin/login" className="mt-6 space-y-3">
          {PROVIDERS.map((provider) => (
            <button
              key={provider.value}
              type="submit"
              name="provider"
              value={provider.value}
              className="w-full rounded-full border border-slate-300 bg-white px-5 py-3 font-semibold text-ink shadow-sm hover:border-brand-700 hover:bg-brand-50"
            >
              Continue with {provider.label}
            </button>
          ))}
        </form>
      </div>
    </main>
  );
}
