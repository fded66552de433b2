import { z } from "zod";
import { defineOperation } from "../shared/operation.ts";
import type { SeriesCopy } from "./types.ts";

export const SeriesCopyInput = z.object({});

/** listSeriesCopy: the marketing copy of each product line, keyed by series code; open to everyone. Kept with the catalogue. */
export const listSeriesCopy = defineOperation(
  SeriesCopyInput,
  async (ctx): Promise<ReadonlyMap<string, SeriesCopy>> => (await ctx.catalog.index()).seriesCopy,
);
