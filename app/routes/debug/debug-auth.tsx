import { PageHeading } from "../../components/page-heading.tsx";
import { pageMeta } from "../../lib/page-meta.ts";
import type { Route } from "./+types/debug-auth";

export const meta: Route.MetaFunction = (args) => pageMeta(args, "Debug: Auth");

export default function DebugAuth() {
  return <PageHeading eyebrow="Debug" title="Auth" />;
}
