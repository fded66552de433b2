import type { Hono } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { unsubscribe } from "../../domain/member-emails/unsubscribe.ts";
import { FROM_PAGE, UNSUBSCRIBE_PATH } from "../../domain/member-emails/unsubscribe-page.ts";
import { httpStatusOf, isAppError } from "../../kernel/app-error.ts";
import type { HttpEnv } from "./request-context.ts";

/**
 * POST /email/unsubscribe?t=TOKEN: a programme email's unsubscribe, mounted before the shop refuses
 * posts from other sites. RFC 8058's one-click post comes from the recipient's mail provider, with
 * no session, no CSRF token and any Origin (or none), so this one address takes it: the signed token
 * is the proof, and it can only ever turn off that member's emails of that kind (decision 044). The
 * confirmation page's own button posts here too and is shown the page again (303); a mail client
 * gets a short plain answer.
 */
export function mountUnsubscribeRoute(app: Hono<HttpEnv>): void {
  app.post(UNSUBSCRIBE_PATH, async (c) => {
    const token = c.req.query("t") ?? "";
    const form = await c.req.parseBody();
    const fromPage = form[FROM_PAGE.name] === FROM_PAGE.value;
    c.header("Cache-Control", "no-store");
    try {
      const { label } = await unsubscribe(c.var.operations, { token });
      if (fromPage) return c.redirect(`${UNSUBSCRIBE_PATH}?t=${encodeURIComponent(token)}`, 303);
      return c.text(`Unsubscribed: you will no longer get “${label}” emails.`, 200);
    } catch (error) {
      if (!isAppError(error)) throw error;
      if (fromPage) return c.redirect(`${UNSUBSCRIBE_PATH}?t=${encodeURIComponent(token)}`, 303);
      return c.text(error.message, httpStatusOf(error) as ContentfulStatusCode);
    }
  });
}
