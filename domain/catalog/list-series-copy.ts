import { z } from "zod";
import { anyone } from "../shared/access.ts";
import { defineOperation } from "../shared/operation.ts";
import type { SeriesCopy } from "./types.ts";

export const SeriesCopyInput = z.object({});

const declared = { access: anyone, input: SeriesCopyInput };

/** listSeriesCopy: the marketing copy of each product line, keyed by series code; open to everyone. Kept with the catalogue. */
export const listSeriesCopy = defineOperation(declared, async function listSeriesCopy(ctx): Promise<
  ReadonlyMap<string, SeriesCopy>
> {
  return (await ctx.catalog.index()).seriesCopy;
});
