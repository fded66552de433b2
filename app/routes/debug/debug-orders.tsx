import { PageHeading } from "../../components/page-heading.tsx";
import { pageMeta } from "../../lib/page-meta.ts";
import type { Route } from "./+types/debug-orders";

export const meta: Route.MetaFunction = (args) => pageMeta(args, "Debug: Orders");

export default function DebugOrders() {
  return <PageHeading eyebrow="Debug" title="Orders" />;
}
