import { useRouteLoaderData } from "react-router";
import type { DeliveryTerms } from "../../domain/delivery/delivery-option.ts";
import type { ProgrammeTerms } from "../../domain/loyalty/programme/programme.ts";
import type { VisitorState } from "./visitor-state.ts";

/**
 * What the root route's loader gives every page: the shop's shell and, on a page rendered for one
 * visitor, that visitor (null on the pages the cache shares).
 */
export type RootData = {
  brandName: string;
  appEnv: string;
  siteOrigin: string;
  /** Only in debug mode: outside it the page carries no trace of the debug tools. */
  debug?: boolean;
  visitor: VisitorState | null;
  /** The loyalty programme's numbers in force, which every page's copy about it is worded from. */
  programme: ProgrammeTerms;
  /** Standard delivery as the merchant set it, which the service bar and footer quote. */
  delivery: DeliveryTerms;
};

/** The programme's numbers for the copy of a page; undefined only when the root loader did not answer. */
export function useProgrammeTerms(): ProgrammeTerms | undefined {
  return useRootData()?.programme;
}

/** The root route's data; undefined when its loader did not answer. */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>("root");
}
