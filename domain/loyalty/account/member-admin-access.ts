import { staffHolding } from "../../shared/access.ts";

/** The back office's member screens are for staff who correct points or look after orders. */
export const memberScreens = staffHolding("points", "orders");
