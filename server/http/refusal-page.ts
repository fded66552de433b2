import type { Context } from "hono";
import { html } from "hono/html";
import type { ContentfulStatusCode } from "hono/utils/http-status";

export type Refusal = { status: ContentfulStatusCode; title: string; heading: string; message: string };

/** The plain page the edge answers a refused request with, before any of the shop's pages runs. */
export function refusalPage(c: Context, { status, title, heading, message }: Refusal, brandName: string) {
  c.header("Cache-Control", "no-store");
  return c.html(
    html`<!DOCTYPE html>
<html lang="en-SG">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${status} - ${title} | ${brandName}</title>
  </head>
  <body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 4rem auto; padding: 0 1rem; line-height: 1.5">
    <main>
      <h1>${heading}</h1>
      <p role="alert">${message}</p>
      <p><a href="/">Back to the shop</a></p>
    </main>
  </body>
</html>`,
    status,
  );
}
