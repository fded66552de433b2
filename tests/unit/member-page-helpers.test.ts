import { describe, expect, it } from "vitest";
import { initialsOf } from "../../app/components/member-avatar.tsx";
import { signedPoints } from "../../app/components/point-history.tsx";
import { linkResultMessage, signInErrorMessage } from "../../app/lib/member-messages.ts";
import { loginPath } from "../../app/lib/member-paths.ts";
import { currentPagePath } from "../../app/lib/member-session.server.ts";

describe("member page helpers", () => {
  it("takes up to two initials from a name", () => {
    expect(initialsOf("Tan Wei Ling")).toBe("TW");
    expect(initialsOf("  siti ")).toBe("S");
    expect(initialsOf("")).toBe("?");
  });

  it("signs point movements with a plus or a true minus", () => {
    expect(signedPoints(50)).toBe("+50");
    expect(signedPoints(-1200)).toBe("\u22121,200");
  });

  it("explains every sign-in and link outcome, unknown codes as a plain failure", () => {
    expect(signInErrorMessage(null)).toBeNull();
    expect(signInErrorMessage("cancelled")).toMatch(/cancelled/);
    expect(signInErrorMessage("access_denied")).toBe(signInErrorMessage("failed"));
    expect(signInErrorMessage("toString")).toBe(signInErrorMessage("failed"));
    expect(linkResultMessage("linked")).toMatchObject({ ok: true });
    expect(linkResultMessage("in-use")).toMatchObject({ ok: false });
    expect(linkResultMessage("bogus")).toEqual(linkResultMessage("failed"));
  });

  it("returns to the page a request was for, also from client data requests", () => {
    expect(currentPagePath(new Request("http://shop.test/member.data?_routes=routes%2Fmember"))).toBe("/member");
    expect(currentPagePath(new Request("http://shop.test/member/account?link=linked"))).toBe("/member/account?link=linked");
    expect(loginPath("/shop/joffee/j4?x=1")).toBe("/member/login?redirect=%2Fshop%2Fjoffee%2Fj4%3Fx%3D1");
  });
});
