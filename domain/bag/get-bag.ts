import { z } from "zod";
import { defineOperation } from "../shared/operation.ts";
import { bagHolder, loadBag } from "./held-bag.ts";
import type { PricedBag } from "./price-bag.ts";

export const GetBagInput = z.object({});

const declared = { access: bagHolder, input: GetBagInput };

/** getBag: the bag the viewer's browser holds, priced from the catalogue (empty when they hold none). */
export const getBag = defineOperation(declared, async function getBag(ctx, _input, bag): Promise<PricedBag> {
  return loadBag(ctx, bag.id);
});
