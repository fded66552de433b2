import { describe, expect, it } from "vitest";
import { missingPathOf, notFoundHref, notFoundMessage } from "../../app/lib/not-found.ts";
import { isCrawler } from "../../server/http/crawlers.ts";

describe("the 404 address", () => {
  it("carries the original path there and back", () => {
    const href = notFoundHref("/shop/luna collagen?x=1");
    expect(href).toBe("/404?path=%2Fshop%2Fluna%20collagen%3Fx%3D1");
    expect(missingPathOf(new URL(href, "https://shop.example"))).toBe("/shop/luna collagen?x=1");
    expect(notFoundMessage("/the/path")).toBe("Page not found: /the/path");
  });

  it("names only paths on this site, and not at any length", () => {
    const of = (query: string) => missingPathOf(new URL(`/404${query}`, "https://shop.example"));
    expect(of("")).toBe("/404");
    expect(of("?path=https://evil.example")).toBe("/404");
    expect(of("?path=//evil.example")).toBe("/404");
    expect(of(`?path=/${"a".repeat(1000)}`)).toHaveLength(301);
  });
});

describe("crawlers", () => {
  it("are told by their user agents", () => {
    for (const userAgent of [
      "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
      "DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)",
      "Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)",
      "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
      "Twitterbot/1.0",
      "WhatsApp/2.23.20.0",
      "Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)",
      "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
    ]) {
      expect(isCrawler(userAgent), userAgent).toBe(true);
    }
  });

  it("are not people's browsers, headless or not", () => {
    for (const userAgent of [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1",
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36",
      "",
      undefined,
    ]) {
      expect(isCrawler(userAgent), userAgent).toBe(false);
    }
  });
});
