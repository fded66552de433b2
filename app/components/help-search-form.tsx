import { Search } from "lucide-react";
import { Form } from "react-router";
import { QUERY_MAX_LENGTH } from "../lib/content/help-search.ts";

/** A plain GET form: searching help works before (and without) JavaScript. */
export function HelpSearchForm({ query = "", autoFocus = false }: { query?: string; autoFocus?: boolean }) {
  return (
    <Form method="get" action="/help/search" role="search" className="flex max-w-xl gap-2">
      <label htmlFor="help-query" className="sr-only">
        Search help
      </label>
      <input
        id="help-query"
        type="search"
        name="q"
        defaultValue={query}
        maxLength={QUERY_MAX_LENGTH}
        placeholder="e.g. delivery or points"
        // biome-ignore lint/a11y/noAutofocus: the search page exists to be typed into
        autoFocus={autoFocus}
        className="min-w-0 flex-1 rounded-full border border-slate-400 bg-white px-4 py-2.5 text-base placeholder:text-slate-500"
      />
      <button
        type="submit"
        className="flex items-center gap-2 rounded-full bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
      >
        <Search aria-hidden="true" className="size-5" />
        Search
      </button>
    </Form>
  );
}
