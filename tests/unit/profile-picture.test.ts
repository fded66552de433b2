import { describe, expect, it } from "vitest";
import { displayablePicture } from "../../domain/members/profile-picture.ts";

describe("a member's picture", () => {
  it("is shown from Google's and Facebook's picture hosts over https", () => {
    expect(displayablePicture("https://lh3.googleusercontent.com/a/abc=s96-c")).toBe(
      "https://lh3.googleusercontent.com/a/abc=s96-c",
    );
    expect(displayablePicture("https://platform-lookaside.fbsbx.com/platform/profilepic/?asid=1")).toContain("fbsbx.com");
  });

  it("falls back to initials for any other address", () => {
    for (const picture of [
      null,
      "",
      "not a url",
      "http://lh3.googleusercontent.com/a/abc",
      "https://evil.example/googleusercontent.com.png",
      "https://googleusercontent.com.evil.example/a.png",
      "javascript:alert(1)",
    ]) {
      expect(displayablePicture(picture)).toBeNull();
    }
  });
});
