import { PageHeading } from "../../components/page-heading.tsx";
import { pageMeta } from "../../lib/page-meta.ts";
import type { Route } from "./+types/debug-stripe-coupon-utility";

export const meta: Route.MetaFunction = (args) => pageMeta(args, "Debug: Promotion codes");

export default function DebugStripeCouponUtility() {
  return <PageHeading eyebrow="Debug" title="Promotion codes" />;
}
