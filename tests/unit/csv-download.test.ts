import { describe, expect, it } from "vitest";
import { csvDownload, spreadsheetSafe } from "../../app/lib/csv-download.server.ts";

describe("CSV downloads", () => {
  it("keeps text a spreadsheet would run as a formula as text", () => {
    for (const value of ['=HYPERLINK("http://x")', "+SUM(A1)", "-1+1", "@SUM(A1)", "\tx", "\rx"]) {
      expect(spreadsheetSafe(value)).toBe(`'${value}`);
    }
    expect(spreadsheetSafe("Tan Mei Ling")).toBe("Tan Mei Ling");
    expect(spreadsheetSafe(-5)).toBe(-5);
    expect(spreadsheetSafe(null)).toBe("");
  });

  it("leaves a phone number in grouped international form as written, and neutralises anything more", () => {
    for (const phone of ["+65 9123 4567", "+1 415 555 0100", "+44 20 7946 0958"]) expect(spreadsheetSafe(phone)).toBe(phone);
    // Without its spaces a spreadsheet reads a number; with anything else in it, a formula.
    for (const value of [
      "+6591234567",
      "+65 9123 4567+1",
      "+65 9123 4567 ",
      "+65 9123*4567",
      "-65 9123 4567",
      "+65  9123",
      "+65 9123\n=1",
    ]) {
      expect(spreadsheetSafe(value)).toBe(`'${value}`);
    }
  });

  it("quotes commas, quotes and line breaks, and answers a file to download", async () => {
    const response = csvDownload("orders.csv", ["name", "note"], [["Lim, Ah Kow", 'said "hi"\nthen left']]);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="orders.csv"');
    const text = (await response.text()).replace(/^\uFEFF/, "");
    expect(text).toBe('name,note\n"Lim, Ah Kow","said ""hi""\nthen left"\n');
  });
});
