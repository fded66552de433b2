/** Debian's Chromium, as every browser run of the project starts it; browsers are never downloaded. */
export const CHROMIUM_PATH = "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
