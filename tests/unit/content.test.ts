import { describe, expect, it } from "vitest";
import { CONTENT_FILES, contentLibrary, programmeHelpHtml } from "../../app/lib/content/content-library.server.ts";
import { contentValues } from "../../app/lib/content/content-values.server.ts";
import { parseFrontMatter, requireFields } from "../../app/lib/content/front-matter.ts";
import { checkQuery, QUERY_MAX_LENGTH, searchHelp } from "../../app/lib/content/help-search.ts";
import { renderMarkdown, textOfHtml } from "../../app/lib/content/markdown.server.ts";
import { fillPlaceholders, placeholdersIn } from "../../app/lib/content/placeholders.ts";
import { formatMoney } from "../../kernel/money.ts";
import { SERIES, seriesSlug } from "../../kernel/series.ts";
import { V1_VIEW } from "../setup/programme-fixtures.ts";
import { SEEDED_STANDARD } from "../setup/seeded-delivery.ts";

describe("content files", () => {
  const known = Object.keys(contentValues("Nectar Lab", V1_VIEW, SEEDED_STANDARD));

  it.each([...CONTENT_FILES.keys()])("%s names only placeholders the code defines", (file) => {
    const text = CONTENT_FILES.get(file) ?? "";
    const unknown = placeholdersIn(text).filter((name) => !known.includes(name));
    expect(unknown).toEqual([]);
  });

  it("holds every page, help topic and one product help per product line", () => {
    const library = contentLibrary("Nectar Lab", V1_VIEW, SEEDED_STANDARD);
    expect([...library.pages.keys()].sort()).toEqual([
      "about-us",
      "careers",
      "privacy-policy",
      "sustainability",
      "terms-and-conditions",
    ]);
    expect(library.helpSections.map((section) => section.id)).toEqual([
      "ordering",
      "delivery",
      "payment",
      "returns-and-refunds",
      "loyalty-programme",
      "account-and-sign-in",
    ]);
    expect(library.productHelp.map((section) => section.id)).toEqual(SERIES.map(seriesSlug));
    expect(library.openRoles.length).toBeGreaterThan(0);
  });

  it("fills the numbers from the code, so each is written once", () => {
    const terms = contentLibrary("Nectar Lab", V1_VIEW, SEEDED_STANDARD).pages.get("terms-and-conditions")?.html ?? "";
    expect(terms).toContain(formatMoney(SEEDED_STANDARD.priceCents));
    expect(terms).toContain(formatMoney(V1_VIEW.terms.goldThresholdCents));
    expect(terms).not.toContain("{{");
  });

  it("words the help centre's programme page with the version it is given, as a draft's preview shows it", () => {
    const now = programmeHelpHtml("Nectar Lab", V1_VIEW, SEEDED_STANDARD);
    const draft = programmeHelpHtml(
      "Nectar Lab",
      {
        ...V1_VIEW,
        terms: { ...V1_VIEW.terms, goldThresholdCents: 45_000 },
        signUpPoints: 80,
      },
      SEEDED_STANDARD,
    );
    expect(now).toContain("S$300.00");
    expect(draft).toContain("S$450.00");
    expect(draft).not.toContain("S$300.00");
    expect(draft).not.toContain("{{");
  });

  it("puts the brand name in as text, whatever characters it holds", () => {
    const about = contentLibrary("Pulp & *Press*", V1_VIEW, SEEDED_STANDARD).pages.get("about-us");
    expect(about?.description).toBe("Who makes Pulp & *Press*'s drinkable nutrition, and why we started in Singapore.");
    expect(about?.html).toContain("Pulp &amp; *Press* makes drinkable nutrition");
  });
});

describe("placeholders", () => {
  it("fills known names and fails loudly on an unknown one, naming the file", () => {
    expect(fillPlaceholders("a.md", "Ship for {{ fee }}.", { fee: "S$4.90" })).toBe("Ship for S$4.90.");
    expect(() => fillPlaceholders("content/help/a.md", "Ship for {{shippingFees}}.", { shippingFee: "S$4.90" })).toThrow(
      /content\/help\/a\.md: unknown placeholder \{\{shippingFees\}\}/,
    );
  });
});

describe("front matter", () => {
  it("reads the fields and the body", () => {
    expect(parseFrontMatter("a.md", "---\ntitle: Hello: world\n---\nBody")).toEqual({
      fields: { title: "Hello: world" },
      body: "Body",
    });
  });

  it("refuses a file without fields, a malformed line, an unknown or a missing field", () => {
    expect(() => parseFrontMatter("a.md", "# Hello")).toThrow(/a\.md/);
    expect(() => parseFrontMatter("a.md", "---\njust words\n---\n")).toThrow(/not a "name: value" line/);
    expect(() => requireFields("a.md", { title: "T", tilte: "T" }, ["title"])).toThrow(/unknown field tilte/);
    expect(() => requireFields("a.md", {}, ["title"])).toThrow(/"title" is missing/);
  });
});

describe("Markdown rendering", () => {
  it("shows raw HTML as text", () => {
    const html = renderMarkdown('Hi <script>alert(1)</script> <img src=x onerror="alert(1)">\n\n<div onclick="x()">block</div>');
    expect(html).not.toMatch(/<script|<img|<div/);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("&lt;div onclick=&quot;x()&quot;&gt;");
  });

  it("keeps the shop's, https, email and phone links and drops the others", () => {
    const html = renderMarkdown(
      "[a](/help) [b](https://example.com/x) [c](mailto:dpo@example.com) [d](javascript:alert(1)) [e](//evil.example) [f](data:text/html,x)",
    );
    expect(html).toContain('<a href="/help">a</a>');
    expect(html).toContain('<a href="https://example.com/x">b</a>');
    expect(html).toContain('<a href="mailto:dpo@example.com">c</a>');
    expect(html).not.toMatch(/javascript:|evil\.example|data:/);
    expect(textOfHtml(html)).toBe("a b c d e f");
  });

  it("starts headings at h2, each with its own anchor", () => {
    expect(renderMarkdown("# Top\n\n## Same\n\n## Same\n\n### Sub")).toBe(
      '<h2 id="top">Top</h2>\n<h2 id="same">Same</h2>\n<h2 id="same-2">Same</h2>\n<h3 id="sub">Sub</h3>\n',
    );
  });
});

describe("help search", () => {
  const entries = contentLibrary("Nectar Lab", V1_VIEW, SEEDED_STANDARD).searchEntries;

  it("finds a section by a word in its text, linking to the heading it sits under", () => {
    const [first] = searchHelp(entries, ["chicory"]);
    expect(first).toMatchObject({ sectionTitle: "Joffee", title: "Ingredients", path: "/help/product/joffee#ingredients" });
    expect(first?.snippet.some((part) => part.match && part.text.toLowerCase() === "chicory")).toBe(true);
  });

  it("needs every word of the query, and finds nothing for nonsense", () => {
    expect(searchHelp(entries, ["gold", "renews"]).every((result) => result.path.startsWith("/help/loyalty-programme"))).toBe(
      true,
    );
    expect(searchHelp(entries, ["xyzzyplugh"])).toEqual([]);
  });

  it("refuses a query too short, too long or without a word, with a message", () => {
    expect(checkQuery(" a ")).toMatchObject({ ok: false });
    expect(checkQuery("x".repeat(QUERY_MAX_LENGTH + 1))).toMatchObject({ ok: false });
    expect(checkQuery("?!")).toMatchObject({ ok: false, message: expect.stringContaining("Search for a word") });
    expect(checkQuery("  Free DELIVERY free ")).toEqual({ ok: true, terms: ["free", "delivery"] });
  });
});
