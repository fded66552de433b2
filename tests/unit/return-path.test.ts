import { describe, expect, it } from "vitest";
import { DEFAULT_RETURN_PATH, safeReturnPath } from "../../domain/identity/return-path.ts";

describe("the path a sign-in returns to", () => {
  it.each([
    ["/member", "/member"],
    ["/member/earn-points", "/member/earn-points"],
    ["/shop/joffee?sort=price", "/shop/joffee?sort=price"],
    ["/member/redeem/op-m8_ba-1b", "/member/redeem/op-m8_ba-1b"],
    ["/order/81A2B3C4", "/order/81A2B3C4"],
    ["/member/logins-page-that-is-not-login", "/member/logins-page-that-is-not-login"],
  ])("keeps the same-site path %s", (raw, expected) => {
    expect(safeReturnPath(raw)).toBe(expected);
  });

  it.each([
    "//evil.example",
    "//evil.example/member",
    "/\\evil.example",
    "\\\\evil.example",
    "/\\/evil.example",
    "https://evil.example",
    "https://evil.example/member",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "evil.example",
    "member",
    "",
    " /member",
    "/%2F%2Fevil.example",
    "/%2f/evil.example",
    "/%5Cevil.example",
    "%2F%2Fevil.example",
    "/..//evil.example",
    "/./..//evil.example",
    "/member\r\nSet-Cookie: x=1",
    "/member%0d%0aSet-Cookie:%20x=1",
    "/\tevil",
    "/%E0%A4%A",
    `/${"a".repeat(2100)}`,
  ])("turns %j into /member", (raw) => {
    expect(safeReturnPath(raw)).toBe(DEFAULT_RETURN_PATH);
  });

  it.each([
    "/member/login",
    "/member/login/",
    "/member/login?redirect=/member/login",
    "/member/login?redirect=%2F%2Fevil.example",
    "/MEMBER/LOGIN",
    "/member/logout",
    "/member/logout/",
    "/member/link",
  ])("never returns to the sign-in pages themselves: %s", (raw) => {
    expect(safeReturnPath(raw)).toBe(DEFAULT_RETURN_PATH);
  });

  it.each([undefined, null, 42, ["/member/earn-points"], { path: "/member" }])("treats %j as no return path", (raw) => {
    expect(safeReturnPath(raw)).toBe(DEFAULT_RETURN_PATH);
  });
});
