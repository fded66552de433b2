import { describe, expect, it } from "vitest";
import { csvDownload, spreadsheetSafe } from "../../app/lib/csv-download.server.ts";
import { formatSingaporeMobile } from "../../kernel/singapore-mobile.ts";

describe("CSV downloads", () => {
  it("keeps text a spreadsheet would run as a formula as text", () => {
    for (const value of ['=HYPERLINK("http://x")', "+SUM(A1)", "-1+1", "@SUM(A1)", "\tx", "\rx"]) {
      expect(spreadsheetSafe(value)).toBe(`'${value}`);
    }
    expect(spreadsheetSafe("Tan Mei Ling")).toBe("Tan Mei Ling");
    expect(spreadsheetSafe(-5)).toBe(-5);
    expect(spreadsheetSafe(null)).toBe("");
  });

  it("writes a stored mobile the way a shopper reads it, which nothing in a spreadsheet can run", () => {
    expect(spreadsheetSafe(formatSingaporeMobile("+6591234567"))).toBe("9123 4567");
    // A phone in international form starts like a formula, so it is kept as text like one.
    expect(spreadsheetSafe("+6591234567")).toBe("'+6591234567");
  });

  it("quotes commas, quotes and line breaks, and answers a file to download", async () => {
    const response = csvDownload("orders.csv", ["name", "note"], [["Lim, Ah Kow", 'said "hi"\nthen left']]);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="orders.csv"');
    const text = (await response.text()).replace(/^\uFEFF/, "");
    expect(text).toBe('name,note\n"Lim, Ah Kow","said ""hi""\nthen left"\n');
  });
});
