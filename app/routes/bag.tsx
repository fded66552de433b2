import { data, useActionData } from "react-router";
import { BagView } from "../components/bag-view.tsx";
import { requestContext } from "../context.ts";
import { type ActionResult, failureResult, readForm, unreadableRequest } from "../lib/action-result.server.ts";
import { bagCookie, readBagToken } from "../lib/bag-cookie.server.ts";
import { pageMeta } from "../lib/page-meta.ts";
import type { Route } from "./+types/bag";

export const meta: Route.MetaFunction = (args) => pageMeta(args, "Bag");

export async function loader({ request, context }: Route.LoaderArgs) {
  const bag = await context.get(requestContext).shop.bag.get(readBagToken(request));
  return { bag };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { shop, settings } = context.get(requestContext);
  const form = await readForm(request);
  if (!form) return unreadableRequest();
  const bagToken = readBagToken(request);
  const intent = form.get("intent");
  const optionId = form.get("optionId");
  try {
    if (intent === "add") {
      const added = await shop.bag.add({ bagToken, optionId, quantity: form.get("quantity") ?? "1" });
      const headers =
        added.bagToken !== bagToken ? { "Set-Cookie": bagCookie(added.bagToken, settings.secureCookies) } : undefined;
      return data<ActionResult>({ ok: true, message: "Added to your bag." }, { headers });
    }
    if (intent === "update") {
      await shop.bag.setQuantity({ bagToken, optionId, quantity: form.get("quantity") });
      return data<ActionResult>({ ok: true, message: "Quantity updated." });
    }
    if (intent === "remove") {
      await shop.bag.remove({ bagToken, optionId });
      return data<ActionResult>({ ok: true, message: "Removed from your bag." });
    }
    return data<ActionResult>({ ok: false, message: "Unknown bag action." }, { status: 400 });
  } catch (error) {
    return failureResult(error);
  }
}

export default function Bag({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  return <BagView bag={loaderData.bag} result={result} />;
}
