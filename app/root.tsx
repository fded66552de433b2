import brandFont from "@fontsource-variable/figtree/files/figtree-latin-wght-normal.woff2?url";
import { type ReactNode, useEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteError,
} from "react-router";
import { countBagItems } from "../domain/bag/count-bag-items.ts";
import { deliveryTermsOf } from "../domain/delivery/delivery-option.ts";
import { standardDeliveryOf } from "../domain/delivery/delivery-options.ts";
import { getProgramme } from "../domain/loyalty/programme/get-programme.ts";
import type { Route } from "./+types/root";
import { DebugPanelSlot } from "./components/debug-panel/debug-panel-slot.tsx";
import { ErrorPage } from "./components/error-page.tsx";
import { LoadingBar } from "./components/loading-bar.tsx";
import { NewBuildCheck } from "./components/new-build-check.tsx";
import { useNonce } from "./components/nonce.tsx";
import { SiteChrome } from "./components/site-chrome.tsx";
import { requestContext } from "./context.ts";
import { CHUNK_RELOAD_SCRIPT } from "./lib/chunk-reload.ts";
import { listenForUnhandledErrors, useErrorAlert } from "./lib/error-alert-sender.ts";
import { pageMeta } from "./lib/page-meta.ts";
import { errorTitle, HOME_TITLE } from "./lib/page-title.ts";
import { type RootData, useRootData } from "./lib/root-data.ts";
import { useHydrated } from "./lib/use-hydrated.ts";
import type { VisitorState } from "./lib/visitor-state.ts";

/** The brand face, preloaded so it comes with the page's first requests; app.css's @font-face names the same file. */
export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "preload", href: brandFont, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
];

/**
 * A page rendered for everyone (the page cache keeps it) never reads the visitor: its header learns
 * the bag count and sign-in from the visitor cookie in the browser. Pages for one visitor (bag,
 * member, checkout, orders) render them on the server too, so they show without JavaScript.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { operations, settings, session, sharedPage, siteOrigin } = context.get(requestContext);
  // Outside debug mode the page carries no trace of the debug tools, not even a false flag.
  const shell = {
    brandName: settings.brandName,
    appEnv: settings.appEnv,
    siteOrigin,
    programme: (await getProgramme(operations, {})).terms,
    delivery: deliveryTermsOf(await standardDeliveryOf(operations)),
    ...(operations.debug ? { debug: true } : {}),
  };
  if (sharedPage) return data<RootData>({ ...shell, visitor: null });
  const visitor: VisitorState = { bagCount: await countBagItems(operations, {}), signedIn: session !== null };
  return data<RootData>({ ...shell, visitor });
}

/** Pages without their own meta take the last path segment as title; errors read "{status} - {message}". */
export const meta: Route.MetaFunction = (args) => {
  if (args.error) {
    const { status, message } = describeError(args.error, args.location.pathname);
    return pageMeta(args, errorTitle(status, message));
  }
  return pageMeta(args, args.location.pathname === "/" ? HOME_TITLE : undefined);
};

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  // Here rather than in App, so that errors on an error page are reported too.
  const root = useRootData();
  const appEnv = root?.appEnv;
  useEffect(() => (appEnv ? listenForUnhandledErrors(appEnv) : undefined), [appEnv]);
  // Set in the render that follows hydration, the same one that lets script-only parts (the debug
  // panel, the signed-in header) render: a test or tool can tell the page now answers to script.
  const hydrated = useHydrated();
  return (
    <html lang="en-SG" data-hydrated={hydrated ? "" : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b5763" />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the shop's own script, before any module script loads. */}
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: CHUNK_RELOAD_SCRIPT }} />
        {/* The first paint waits for the page's header to be read whole: a browser that paints a
            half-read document would otherwise show it, then move it. */}
        <link rel="expect" href="#main" blocking="render" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col font-sans antialiased">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
        >
          Skip to content
        </a>
        <LoadingBar />
        <NewBuildCheck />
        {children}
        <DebugPanelSlot debug={root?.debug === true} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

function describeError(error: unknown, pathname: string): { status: number; message: string } {
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) {
      return { status: 404, message: typeof error.data === "string" && error.data ? error.data : `Page not found: ${pathname}` };
    }
    return { status: error.status, message: error.statusText || "Something went wrong" };
  }
  return { status: 500, message: "Something went wrong" };
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { pathname } = useLocation();
  const { status, message } = describeError(error, pathname);
  useErrorAlert(error);
  return (
    <SiteChrome>
      <ErrorPage status={status} message={message} pathname={pathname} />
    </SiteChrome>
  );
}
