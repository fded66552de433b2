import { test as base, expect } from "@playwright/test";

/**
 * Every journey fails on a console error or an uncaught page error, as a shopper would notice broken
 * pages. The browser's own note about a 4xx answer is not one: refusing bad input is the design.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
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
