import { describe, expect, it } from "vitest";
import { carrierOf, csvRecords, parseShipmentCsv, SHIPMENT_CSV_MAX_ROWS } from "../../domain/shipping/shipment-csv.ts";

describe("reading CSV records", () => {
  it("splits fields on commas and lines on LF or CRLF, numbering each record's first line", () => {
    expect(csvRecords("a,b,c\r\nd,,f\ng,h,i")).toEqual([
      { line: 1, fields: ["a", "b", "c"] },
      { line: 2, fields: ["d", "", "f"] },
      { line: 3, fields: ["g", "h", "i"] },
    ]);
  });

  it("keeps commas, line breaks and doubled quotes inside a quoted field", () => {
    expect(csvRecords('"Y1,2","say ""hi""","two\nlines"\nnext,x,y\n')).toEqual([
      { line: 1, fields: ["Y1,2", 'say "hi"', "two\nlines"] },
      { line: 3, fields: ["next", "x", "y"] },
    ]);
  });

  it("refuses a quoted field that never closes, naming its line", () => {
    expect(() => csvRecords('a,b,c\nY1,dhl,"ABC\n')).toThrow("Line 2: a quoted field is never closed.");
  });
});

describe("reading a shipment list", () => {
  it("reads columns by a header row in any order, skipping blank lines and a byte-order mark", () => {
    const csv = "\uFEFFTracking Number,Order Number,Carrier\r\n\r\nNV-1234, Y100 ,Ninja Van\r\nSP-9999,Y101,singpost\r\n";
    expect(parseShipmentCsv(csv)).toEqual([
      { line: 3, order: "Y100", carrier: "ninjavan", trackingNumber: "NV-1234" },
      { line: 4, order: "Y101", carrier: "singpost", trackingNumber: "SP-9999" },
    ]);
  });

  it("reads order number, carrier and tracking number by position when there is no header", () => {
    expect(parseShipmentCsv("Y100,J&T Express,JT0001\nY101,DHL,1234567890")).toEqual([
      { line: 1, order: "Y100", carrier: "jt", trackingNumber: "JT0001" },
      { line: 2, order: "Y101", carrier: "dhl", trackingNumber: "1234567890" },
    ]);
  });

  it("leaves a row's unknown carrier and missing fields for shipping to report on that row", () => {
    expect(parseShipmentCsv("order,carrier,tracking\nY100,FedEx,123456\nY101")).toEqual([
      { line: 2, order: "Y100", carrier: "FedEx", trackingNumber: "123456" },
      { line: 3, order: "Y101", carrier: "", trackingNumber: "" },
    ]);
  });

  it("refuses an empty file, a header without rows, a half-named header and too many rows", () => {
    expect(() => parseShipmentCsv("")).toThrow("The file has no shipments in it.");
    expect(() => parseShipmentCsv("order,carrier,tracking\n\n")).toThrow("The file has no shipments in it.");
    expect(() => parseShipmentCsv("order,courier name,awb code\nY1,dhl,1234")).toThrow(
      "The header row must name the order number, carrier and tracking number columns.",
    );
    const many = Array.from({ length: SHIPMENT_CSV_MAX_ROWS + 1 }, (_, index) => `Y${index},dhl,ABCD${index}`).join("\n");
    expect(() => parseShipmentCsv(many)).toThrow(`One file may ship at most ${SHIPMENT_CSV_MAX_ROWS} orders.`);
  });

  it("knows carriers by id or by name, however they are spaced or cased", () => {
    expect(["SingPost", "NINJAVAN", "ninja van", "J & T", "j&t express", "dhl", "Other"].map(carrierOf)).toEqual([
      "singpost",
      "ninjavan",
      "ninjavan",
      "jt",
      "jt",
      "dhl",
      "other",
    ]);
  });
});
