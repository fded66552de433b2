import type { Database } from "../../../db/client.ts";
import type { CatalogReader } from "../../catalog/catalog-reader.ts";

export type RedeemDeps = { db: Database; catalog: CatalogReader; now?: () => Date };

export const redeemNow = (deps: Pick<RedeemDeps, "now">): Date => deps.now?.() ?? new Date();
