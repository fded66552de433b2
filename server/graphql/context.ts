import type { Shop } from "../../domain/shop.ts";
import type { Logger } from "../logger.ts";

export type GraphQLContext = { shop: Shop; logger: Logger; requestId: string };
