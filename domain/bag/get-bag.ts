import { z } from "zod";
import { defineOperation } from "../shared/operation.ts";
import { heldBagId, loadBag } from "./held-bag.ts";
import type { PricedBag } from "./price-bag.ts";

export const GetBagInput = z.object({});

/** getBag: the bag the viewer's browser holds, priced from the catalogue (empty when they hold none). */
export const getBag = defineOperation(GetBagInput, (ctx): Promise<PricedBag> => loadBag(ctx, heldBagId(ctx)));
