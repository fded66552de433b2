import { createContext } from "react-router";
import type { OperationContext } from "../domain/shared/context.ts";
import type { OperationLog } from "../domain/shared/operation-log.ts";
import type { ActiveSession } from "../domain/shared/session.ts";
import type { IdentityProviderSettings } from "../integrations/identity/identity-client.ts";

/** The brand's own pages on the social networks the earn actions name. */
export type BrandPages = { instagram: string; tiktok: string; facebook: string };

export type PublicSettings = {
  brandName: string;
  secureCookies: boolean;
  /** APP_ENV: the browser reports unhandled errors in staging and production. */
  appEnv: string;
  brandPages: BrandPages;
  /** The identity provider in use, shown only by the debug tools. */
  identityProvider: IdentityProviderSettings;
};

export type RequestContext = {
  /** What every operation is called with: the services, this request's viewer and logger. */
  operations: OperationContext;
  settings: PublicSettings;
  requestId: string;
  /** The client's network address, for rate limits. */
  clientAddress: string;
  /** The origin shoppers reach the shop at (`PUBLIC_URL`'s, else the request's), for absolute addresses. */
  siteOrigin: string;
  /** The signed-in member's session, or null for a visitor (or one whose session has ended). */
  session: ActiveSession | null;
  /** The browser's session cookie named a session that has ended: member pages send it to sign in again. */
  sessionExpired: boolean;
  /** This response may be served to every visitor (the page cache keeps it): loaders must not read who asks. */
  sharedPage: boolean;
  /** An upload form's body was over its limit and was not read: the page refuses it in its own words. */
  bodyTooLarge: boolean;
  /** This response's Content-Security-Policy nonce, for the scripts React Router writes. */
  nonce: string;
  log: OperationLog;
};

/** Filled by the HTTP server for every request; read by loaders and actions. */
export const requestContext = createContext<RequestContext>();
