import { describe, expect, it } from "vitest";
import { cookieIn } from "../../app/lib/cookie-header.ts";

describe("a cookie read from a Cookie header", () => {
  it("is the value of that name only, as sent, '=' and all", () => {
    expect(cookieIn("mybag=x; bag=b1.sig==; bagged=y", "bag")).toBe("b1.sig==");
    expect(cookieIn("visitor=3.1", "visitor")).toBe("3.1");
    expect(cookieIn("a=1;b=2", "b")).toBe("2");
  });

  it("is null when the header lacks it, holds it empty or has no header", () => {
    expect(cookieIn("a=1; b=2", "bag")).toBeNull();
    expect(cookieIn("bag=; a=1", "bag")).toBeNull();
    expect(cookieIn("bag", "bag")).toBeNull();
    expect(cookieIn(null, "bag")).toBeNull();
    expect(cookieIn("", "bag")).toBeNull();
  });
});
