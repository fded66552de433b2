/**
 * The search and social crawlers the shop recognises by user agent. They never get an error page
 * or a redirect for a missing page: a plain 404 at the address they asked for
 * (`crawler-not-found.ts`, decision 016).
 */
const CRAWLERS = [
  "Googlebot",
  "Google-InspectionTool",
  "Storebot-Google",
  "AdsBot-Google",
  "Bingbot",
  "BingPreview",
  "DuckDuckBot",
  "Baiduspider",
  "YandexBot",
  "Applebot",
  "Slurp",
  "facebookexternalhit",
  "Facebot",
  "meta-externalagent",
  "Twitterbot",
  "LinkedInBot",
  "Slackbot",
  "WhatsApp",
  "TelegramBot",
  "Discordbot",
  "Pinterest",
  "redditbot",
  "Embedly",
];

const CRAWLER = new RegExp(CRAWLERS.map((name) => name.replace(/[-.]/g, "\\$&")).join("|"), "i");

export function isCrawler(userAgent: string | undefined | null): boolean {
  return !!userAgent && CRAWLER.test(userAgent);
}
