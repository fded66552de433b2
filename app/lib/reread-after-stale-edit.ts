import type { ShouldRevalidateFunction } from "react-router";
import type { ActionResult } from "./action-result.server.ts";

/**
 * Reads the page again after a save refused because someone else saved first (409), which React
 * Router does not do after a 4xx by default: the page must show what they saved, and its form must
 * carry the new edit stamp, or saving again could never go through. Other refusals leave the page as
 * it is (a draft published meanwhile would send its page away, message and all).
 */
export const rereadAfterStaleEdit: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  (actionResult as ActionResult | undefined)?.reread === true || defaultShouldRevalidate;
