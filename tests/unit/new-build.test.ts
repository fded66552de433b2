import { describe, expect, it } from "vitest";
import type { AppBuild } from "../../app/lib/app-build.ts";
import {
  BUILD_CHECK_TIMINGS,
  buildChecker,
  isNewerBuild,
  isPageFormSubmit,
  isPageLinkClick,
  isSlowConnection,
} from "../../app/lib/new-build.ts";

const running: AppBuild = { id: "a1", version: "0.1.0", builtAt: "2026-11-23T10:00:00.000Z" };
const newer: AppBuild = { id: "b2", version: "0.1.0", builtAt: "2026-11-23T12:00:00.000Z" };
const older: AppBuild = { id: "z9", version: "0.1.0", builtAt: "2026-11-22T12:00:00.000Z" };

describe("is a newer build out", () => {
  it("only for another build made later", () => {
    expect(isNewerBuild(running, newer)).toBe(true);
    expect(isNewerBuild(running, running)).toBe(false);
    // A process still on the old build during a rolling deploy.
    expect(isNewerBuild(running, older)).toBe(false);
    expect(isNewerBuild(running, { ...newer, id: running.id })).toBe(false);
  });

  it("not for an answer that is no build", () => {
    for (const answer of [null, "b2", {}, { id: "b2" }, { id: "b2", builtAt: "soon" }, { id: 2, builtAt: newer.builtAt }]) {
      expect(isNewerBuild(running, answer)).toBe(false);
    }
  });
});

describe("the build check", () => {
  function setUp(answers: unknown[]) {
    const clock = { now: 0 };
    let asked = 0;
    let newerSeen = 0;
    const checker = buildChecker({
      running,
      fetchBuild: async () => {
        const answer = answers[Math.min(asked++, answers.length - 1)];
        if (answer instanceof Error) throw answer;
        return answer;
      },
      now: () => clock.now,
      onNewer: () => newerSeen++,
    });
    return { checker, clock, asked: () => asked, newerSeen: () => newerSeen };
  }

  it("tells once when a newer build is out, and stops asking", async () => {
    const check = setUp([running, newer]);
    await check.checker.check();
    expect(check.newerSeen()).toBe(0);
    check.clock.now += BUILD_CHECK_TIMINGS.everyMs;
    await check.checker.check();
    expect(check.newerSeen()).toBe(1);
    check.clock.now += BUILD_CHECK_TIMINGS.everyMs;
    await check.checker.check();
    expect(check.asked()).toBe(2);
    expect(check.newerSeen()).toBe(1);
  });

  it("asks at most once a minute however often the tab comes back", async () => {
    const check = setUp([running]);
    await check.checker.check();
    check.clock.now += BUILD_CHECK_TIMINGS.minGapMs - 1;
    await check.checker.check();
    expect(check.asked()).toBe(1);
    check.clock.now += 1;
    await check.checker.check();
    expect(check.asked()).toBe(2);
  });

  it("tries again at the next check after a failed request", async () => {
    const check = setUp([new TypeError("Failed to fetch"), newer]);
    await check.checker.check();
    expect(check.newerSeen()).toBe(0);
    check.clock.now += BUILD_CHECK_TIMINGS.minGapMs;
    await check.checker.check();
    expect(check.newerSeen()).toBe(1);
  });
});

describe("which connections skip the check at start", () => {
  it("very slow and data-saving ones", () => {
    expect(isSlowConnection({ effectiveType: "slow-2g" })).toBe(true);
    expect(isSlowConnection({ effectiveType: "2g" })).toBe(true);
    expect(isSlowConnection({ effectiveType: "4g", saveData: true })).toBe(true);
    expect(isSlowConnection({ effectiveType: "3g" })).toBe(false);
    expect(isSlowConnection(undefined)).toBe(false);
  });
});

describe("what the browser loads in full once a newer build is out", () => {
  const origin = "https://shop.example";
  const plainClick = { button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false, defaultPrevented: false };
  const link = (href: string, target = "", download = false) => ({
    href: new URL(href, origin).href,
    target,
    hasAttribute: (name: string) => name === "download" && download,
  });

  it("a plain click on a link to this site", () => {
    expect(isPageLinkClick(plainClick, link("/shop"), origin)).toBe(true);
    expect(isPageLinkClick(plainClick, link("/shop", "_self"), origin)).toBe(true);
  });

  it("leaves alone clicks that open elsewhere, were handled, or lead off the site", () => {
    expect(isPageLinkClick(plainClick, null, origin)).toBe(false);
    expect(isPageLinkClick({ ...plainClick, ctrlKey: true }, link("/shop"), origin)).toBe(false);
    expect(isPageLinkClick({ ...plainClick, button: 1 }, link("/shop"), origin)).toBe(false);
    expect(isPageLinkClick({ ...plainClick, defaultPrevented: true }, link("/shop"), origin)).toBe(false);
    expect(isPageLinkClick(plainClick, link("/shop", "_blank"), origin)).toBe(false);
    expect(isPageLinkClick(plainClick, link("/order/x/invoice.pdf", "", true), origin)).toBe(false);
    expect(isPageLinkClick(plainClick, link("https://checkout.stripe.com/pay"), origin)).toBe(false);
  });

  it("a search form (GET) to this site, but never a form that posts", () => {
    const page = `${origin}/help`;
    expect(isPageFormSubmit({ method: null, action: null, target: null }, page)).toBe(true);
    expect(isPageFormSubmit({ method: "GET", action: "/help", target: null }, page)).toBe(true);
    expect(isPageFormSubmit({ method: "post", action: "/bag", target: null }, page)).toBe(false);
    expect(isPageFormSubmit({ method: "get", action: "https://elsewhere.example/find", target: null }, page)).toBe(false);
    expect(isPageFormSubmit({ method: "get", action: "/help", target: "_blank" }, page)).toBe(false);
  });
});
