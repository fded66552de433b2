import { createHash } from "node:crypto";
import { test as base, expect } from "@playwright/test";

/**
 * The console errors that are no fault of a page: the browser's note about a 4xx answer (refusing bad input is the design), and its refusal of the
 * accessibility checker's script in a sandboxed frame (the back office's email previews, which run
 * no script by design).
 */
const IGNORED =
  /the server responded with a status of 4\d\d|^Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed/;

/**
 * Every journey fails on a console error (but for those above) or an uncaught page error, as a
 * shopper would notice broken pages.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  // Each journey is another shopper, from an address of their own (the e2e shop trusts one proxy
  // hop), so the per-client sign-in limits meet no more attempts than one person would make.
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    const n = createHash("sha256").update(`${testInfo.project.name} ${testInfo.testId} ${testInfo.retry}`).digest();
    await use({ ...extraHTTPHeaders, "x-forwarded-for": `10.${n[0]}.${n[1]}.${n[2]}` });
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error" && !IGNORED.test(message.text())) errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await use(errors);
      expect(errors, "console errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
