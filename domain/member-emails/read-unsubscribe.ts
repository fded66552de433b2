import { anyone } from "../shared/access.ts";
import { defineOperation } from "../shared/operation.ts";
import { readUnsubscribeLink, UnsubscribeInput } from "./unsubscribe-link.ts";

const declared = { access: anyone, input: UnsubscribeInput };

/** The unsubscribe page before the member confirms: which email the link turns off, and whether it is off already. */
export const readUnsubscribe = defineOperation(declared, async function readUnsubscribe(ctx, { token }) {
  const { kind, label, off } = await readUnsubscribeLink(ctx, token);
  return { kind, label, off };
});
