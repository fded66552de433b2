import { PageHeading } from "../../components/page-heading.tsx";
import { pageMeta } from "../../lib/page-meta.ts";
import type { Route } from "./+types/debug-member";

export const meta: Route.MetaFunction = (args) => pageMeta(args, "Debug: Member");

export default function DebugMember() {
  return <PageHeading eyebrow="Debug" title="Member" />;
}
