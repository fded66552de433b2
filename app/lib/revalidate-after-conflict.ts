import type { ShouldRevalidateFunction } from "react-router";

/**
 * Reads the page again after an action refused with 409 too, which React Router does not by default
 * after a 4xx: a save refused because someone else saved first must show what they saved, and the
 * form must carry its new edit stamp, or saving again could never go through.
 */
export const revalidateAfterConflict: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 409 || defaultShouldRevalidate;
