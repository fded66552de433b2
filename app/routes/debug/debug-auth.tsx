import { type ReactNode, useEffect } from "react";
import { AuthDetails } from "../../components/debug-panel/auth-details.tsx";
import { useDebugTools } from "../../components/debug-panel/use-debug-tools.ts";
import { PageHeading } from "../../components/page-heading.tsx";
import { requestContext } from "../../context.ts";
import { requireDebugPage } from "../../lib/debug-page.server.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import type { Route } from "./+types/debug-auth";

export const meta: Route.MetaFunction = (args) => pageMeta(args, "Debug: Auth");

/** The identity provider's settings in use; the layout has already answered 404 outside debug mode. */
export function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  requireDebugPage(ctx, request);
  return { provider: ctx.settings.identityProvider };
}

function Setting({ name, children }: { name: string; children: ReactNode }) {
  return (
    <>
      <dt className="mt-2 font-semibold text-brand-900 sm:mt-0">{name}</dt>
      <dd className="break-all">{children}</dd>
    </>
  );
}

export default function DebugAuth({ loaderData }: Route.ComponentProps) {
  const { provider } = loaderData;
  const tools = useDebugTools();
  const { load, status } = tools;
  useEffect(() => {
    void load();
  }, [load]);
  return (
    <>
      <PageHeading eyebrow="Debug" title="Auth">
        The browser's session and the identity provider it signs in with.
      </PageHeading>
      <div className="mx-auto grid max-w-6xl gap-6 px-4 lg:grid-cols-2">
        <section aria-labelledby="debug-auth-session" className="rounded-lg border border-slate-200 p-5">
          <h2 id="debug-auth-session" className="mb-3 text-xl font-bold text-brand-900">
            Session
          </h2>
          <p role="status" aria-live="polite" className="mb-3 min-h-5 text-sm">
            {status}
          </p>
          <AuthDetails tools={tools} />
        </section>
        <section aria-labelledby="debug-auth-provider" className="rounded-lg border border-slate-200 p-5">
          <h2 id="debug-auth-provider" className="mb-3 text-xl font-bold text-brand-900">
            Identity provider
          </h2>
          <dl className="grid gap-x-4 text-sm sm:grid-cols-[auto_1fr] sm:gap-y-2">
            <Setting name="Kind">{provider.embedded ? "The shop's embedded provider" : "Hosted user pool"}</Setting>
            <Setting name="Issuer">{provider.issuer}</Setting>
            <Setting name="Client id">{provider.clientId}</Setting>
            <Setting name="Client secret">{provider.clientSecretSet ? "set (hidden)" : "not set"}</Setting>
            <Setting name="Callback addresses">
              <ul>
                {provider.redirectUris.map((uri) => (
                  <li key={uri}>{uri}</li>
                ))}
              </ul>
            </Setting>
            <Setting name="Scopes">{provider.scope}</Setting>
            <Setting name="Providers">{provider.providers.join(", ")}</Setting>
          </dl>
        </section>
      </div>
    </>
  );
}
