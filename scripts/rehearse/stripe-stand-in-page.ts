/** The Stripe stand-in's hosted payment page: a card form, and PayNow where the session allows it. */
export function cardPage(page: {
  action: string;
  email: string | null;
  consent: string | null;
  payNow: boolean;
  cancelUrl: string;
  declined: boolean;
}): string {
  const button = "padding:.5rem 1rem;font-size:1rem";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${page.action} | Stripe stand-in</title><link rel="icon" href="data:,"></head>
<body style="font-family:system-ui;max-width:26rem;margin:2rem auto;padding:0 1rem">
<main><h1>${page.action}</h1><p>${page.email ?? ""}</p>
${page.declined ? '<p role="alert">Your card was declined.</p>' : ""}
<form method="post"><label for="card">Card number</label><br>
<input id="card" name="card" inputmode="numeric" autocomplete="cc-number" style="width:100%;padding:.5rem;font-size:1rem"><br><br>
${page.consent ? `<p>${page.consent}</p>` : ""}<button type="submit" style="${button}">${page.action}</button></form>
${page.payNow ? `<form method="post"><button name="method" value="paynow" style="${button}">Pay with PayNow</button></form>` : ""}
<p><a href="${page.cancelUrl}">Back to the shop</a></p></main></body></html>`;
}
