import { createHash } from "node:crypto";
import { test as base, expect } from "@playwright/test";

/**
 * Every journey fails on a console error or an uncaught page error, as a shopper would notice broken
 * pages. The browser's own note about a 4xx answer is not one: refusing bad input is the design.
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
        if (message.type() === "error" && !/the server responded with a status of 4\d\d/.test(message.text()))
          errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await use(errors);
      expect(errors, "console errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
