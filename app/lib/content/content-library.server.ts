import { z } from "zod";
import openRoles from "../../../content/pages/careers-roles.json";
import { type DeliveryTerms, deliveryTermsOf } from "../../../domain/delivery/delivery-option.ts";
import { standardDeliveryOf } from "../../../domain/delivery/delivery-options.ts";
import { getProgramme, type ProgrammeView } from "../../../domain/loyalty/programme/get-programme.ts";
import { SERIES, seriesSlug } from "../../../kernel/series.ts";
import type { RequestContext } from "../../context.ts";
import { contentValues } from "./content-values.server.ts";
import { parseFrontMatter, requireFields } from "./front-matter.ts";
import type { HelpSearchEntry } from "./help-search.ts";
import { renderMarkdown, textOfHtml } from "./markdown.server.ts";
import { asMarkdownText, fillPlaceholders, type PlaceholderValues } from "./placeholders.ts";

/**
 * The company, legal and help pages (content/, Markdown a merchant edits). The files are part of the
 * server build, never of the browser's, and each is rendered once per process.
 */
const PAGE_FILES: Record<string, string> = import.meta.glob("../../../content/pages/*.md", {
  query: "?raw",
  import: "default",
  eager: true,
});
const HELP_FILES: Record<string, string> = import.meta.glob("../../../content/help/*.md", {
  query: "?raw",
  import: "default",
  eager: true,
});
const PRODUCT_HELP_FILES: Record<string, string> = import.meta.glob("../../../content/help/product/*.md", {
  query: "?raw",
  import: "default",
  eager: true,
});

export type Heading = { id: string; title: string };
export type ContentPage = {
  id: string;
  title: string;
  description: string;
  updated: string | null;
  html: string;
  /** The page's h2 headings, for its "On this page" list. */
  headings: Heading[];
};
export type HelpSection = { id: string; title: string; description: string; path: string; html: string };

const OpenRole = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/),
  title: z.string().min(1),
  team: z.string().min(1),
  type: z.enum(["Full-time", "Part-time", "Internship", "Contract"]),
  location: z.string().min(1),
  summary: z.string().min(1),
  responsibilities: z.array(z.string().min(1)).min(1),
  requirements: z.array(z.string().min(1)).min(1),
});
export type OpenRole = z.infer<typeof OpenRole>;

export type ContentLibrary = {
  pages: ReadonlyMap<string, ContentPage>;
  helpSections: readonly HelpSection[];
  productHelp: readonly HelpSection[];
  searchEntries: readonly HelpSearchEntry[];
  openRoles: readonly OpenRole[];
};

/** `../../../content/help/delivery.md` → `content/help/delivery.md`, `delivery`. */
const fileName = (key: string) => key.replace(/^(\.\.\/)+/, "");
const idOf = (key: string) => key.replace(/^.*\/|\.md$/g, "");

/** Every file of the content folder by its name, e.g. `content/help/delivery.md`, for checks. */
export const CONTENT_FILES: ReadonlyMap<string, string> = new Map(
  Object.entries({ ...PAGE_FILES, ...HELP_FILES, ...PRODUCT_HELP_FILES }).map(([key, text]) => [fileName(key), text]),
);

type Values = { text: PlaceholderValues; markdown: PlaceholderValues };

/** Fields take the values as they are; the body takes them escaped for Markdown. */
function renderFile(key: string, text: string, values: Values) {
  const file = fileName(key);
  const source = parseFrontMatter(file, text);
  const fields = Object.fromEntries(
    Object.entries(source.fields).map(([name, value]) => [name, fillPlaceholders(file, value, values.text)]),
  );
  return { file, fields, html: renderMarkdown(fillPlaceholders(file, source.body, values.markdown)) };
}

function pagesOf(values: Values): Map<string, ContentPage> {
  return new Map(
    Object.entries(PAGE_FILES).map(([key, text]) => {
      const { file, fields, html } = renderFile(key, text, values);
      const { updated, ...rest } = fields;
      const { title, description } = requireFields(file, rest, ["title", "description"]);
      const page: ContentPage = { id: idOf(key), title, description, updated: updated ?? null, html, headings: headingsOf(html) };
      return [page.id, page];
    }),
  );
}

function helpSectionsOf(values: Values): HelpSection[] {
  const sections = Object.entries(HELP_FILES).map(([key, text]) => {
    const { file, fields, html } = renderFile(key, text, values);
    const { title, description, position } = requireFields(file, fields, ["title", "description", "position"]);
    if (!/^\d+$/.test(position)) throw new Error(`${file}: position must be a whole number`);
    return { id: idOf(key), title, description, path: `/help/${idOf(key)}`, html, position: Number(position) };
  });
  return sections.sort((a, b) => a.position - b.position).map(({ position: _position, ...section }) => section);
}

/** One product line's help per series, in the shop's order; a file for no series is a mistake. */
function productHelpOf(values: Values): HelpSection[] {
  const byId = new Map(
    Object.entries(PRODUCT_HELP_FILES).map(([key, text]) => {
      const { file, fields, html } = renderFile(key, text, values);
      if (!SERIES.some((series) => seriesSlug(series) === idOf(key))) {
        throw new Error(`${file}: names no product line (expected one of ${SERIES.map(seriesSlug).join(", ")})`);
      }
      const { title, description } = requireFields(file, fields, ["title", "description"]);
      return [idOf(key), { id: idOf(key), title, description, path: `/help/product/${idOf(key)}`, html }] as const;
    }),
  );
  return SERIES.flatMap((series) => byId.get(seriesSlug(series)) ?? []);
}

const H2 = /<h2 id="([^"]+)">([\s\S]*?)<\/h2>/;

function headingsOf(html: string): Heading[] {
  return [...html.matchAll(new RegExp(H2.source, "g"))].map(([, id = "", title = ""]) => ({ id, title: textOfHtml(title) }));
}

/** A section searched part by part: its opening, then each of its h2 headings with what follows. */
function searchEntriesOf(section: HelpSection): HelpSearchEntry[] {
  const [opening = "", ...rest] = section.html.split(/(?=<h2 )/);
  const entries: HelpSearchEntry[] = [];
  if (textOfHtml(opening)) {
    entries.push({ sectionTitle: section.title, title: section.title, path: section.path, text: textOfHtml(opening) });
  }
  for (const part of rest) {
    const [heading, id = "", title = ""] = H2.exec(part) ?? [];
    entries.push({
      sectionTitle: section.title,
      title: textOfHtml(title),
      path: `${section.path}#${id}`,
      text: textOfHtml(part.slice(heading?.length ?? 0)),
    });
  }
  return entries;
}

function build(brandName: string, programme: ProgrammeView, delivery: DeliveryTerms): ContentLibrary {
  const text = contentValues(brandName, programme, delivery);
  const values = { text, markdown: asMarkdownText(text) };
  const helpSections = helpSectionsOf(values);
  const productHelp = productHelpOf(values);
  return {
    pages: pagesOf(values),
    helpSections,
    productHelp,
    searchEntries: [...helpSections, ...productHelp].flatMap(searchEntriesOf),
    openRoles: z.array(OpenRole).parse(openRoles),
  };
}

const libraries = new Map<string, ContentLibrary>();

/**
 * Every content page, rendered the first time it is asked for and kept while the same programme
 * version is in force (the pages quote its numbers).
 */
export function contentLibrary(brandName: string, programme: ProgrammeView, delivery: DeliveryTerms): ContentLibrary {
  const key = `${brandName}\n${programme.version}\n${JSON.stringify(delivery)}`;
  let library = libraries.get(key);
  if (!library) {
    library = build(brandName, programme, delivery);
    libraries.clear();
    libraries.set(key, library);
  }
  return library;
}

/** The help centre's page on the loyalty programme as it reads under `programme` (a draft's, for its preview); not kept. */
export function programmeHelpHtml(brandName: string, programme: ProgrammeView, delivery: DeliveryTerms): string {
  const text = contentValues(brandName, programme, delivery);
  const [key, source] = Object.entries(HELP_FILES).find(([candidate]) => idOf(candidate) === PROGRAMME_HELP_ID) ?? [];
  if (!key || source === undefined) throw new Error(`content/help/${PROGRAMME_HELP_ID}.md is missing`);
  return renderFile(key, source, { text, markdown: asMarkdownText(text) }).html;
}

const PROGRAMME_HELP_ID = "loyalty-programme";

/** The content library as this request's shop and programme have it. */
export async function requestContentLibrary(context: RequestContext): Promise<ContentLibrary> {
  const delivery = deliveryTermsOf(await standardDeliveryOf(context.operations));
  return contentLibrary(context.settings.brandName, await getProgramme(context.operations, {}), delivery);
}
