import { formatDate } from "../../kernel/format-timestamp.ts";
import { APP_BUILD } from "../lib/app-build.ts";

/** The shop's version and when this build was made, in small print. */
export function BuildVersion() {
  return (
    <p className="pb-4 text-center text-xs text-brand-100">
      Version {APP_BUILD.version} · built <time dateTime={APP_BUILD.builtAt}>{formatDate(new Date(APP_BUILD.builtAt))}</time>
    </p>
  );
}
