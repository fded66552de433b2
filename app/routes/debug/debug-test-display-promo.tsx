import { PageHeading } from "../../components/page-heading.tsx";
import { pageMeta } from "../../lib/page-meta.ts";
import type { Route } from "./+types/debug-test-display-promo";

export const meta: Route.MetaFunction = (args) => pageMeta(args, "Debug: Promotion display");

export default function DebugTestDisplayPromo() {
  return <PageHeading eyebrow="Debug" title="Promotion display" />;
}
