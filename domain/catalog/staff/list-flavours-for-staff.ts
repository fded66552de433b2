import { asc } from "drizzle-orm";
import { z } from "zod";
import { skus } from "../../../db/schema/catalog.ts";
import { staffHolding } from "../../shared/access.ts";
import { defineOperation } from "../../shared/operation.ts";

const declared = { access: staffHolding("catalog"), input: z.object({}) };

/** Every SKU (a flavour in one format), held by an option or not yet, by series then id; for staff with "catalog". */
export const listFlavoursForStaff = defineOperation(declared, async function listFlavoursForStaff(ctx) {
  return ctx.db.select().from(skus).orderBy(asc(skus.seriesCode), asc(skus.skuId));
});
