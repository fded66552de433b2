/** A payment provider's checkout session id as it appears in the return address (Stripe's and the test provider's). */
export function isWellFormedCheckoutSessionId(value: string): boolean {
  return /^cs_[A-Za-z0-9_-]{8,200}$/.test(value);
}
