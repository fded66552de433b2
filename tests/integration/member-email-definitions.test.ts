import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { programmeSchedule } from "../../domain/loyalty/programme/programme.ts";
import type { MemberEmailDefinition } from "../../domain/member-emails/define-member-email.ts";
import { MEMBER_EMAILS } from "../../domain/member-emails/member-emails.ts";
import { previewMemberEmails } from "../../domain/member-emails/preview-member-emails.ts";
import { isSwitchableMemberEmail, MEMBER_EMAIL_KINDS } from "../../kernel/member-email-kinds.ts";
import { definitionsInDomain } from "../setup/domain-definitions.ts";
import { staffWith, testContext } from "../setup/operation-context.ts";
import { DRIVER_NAME, openTestDatabase, type TestDatabase } from "../setup/test-database.ts";

const isMemberEmailDefinition = (value: unknown): value is MemberEmailDefinition =>
  typeof value === "object" &&
  value !== null &&
  "kind" in value &&
  "data" in value &&
  "body" in value &&
  "sample" in value &&
  typeof value.body === "function";

const { found, written } = await definitionsInDomain(isMemberEmailDefinition, {
  name: "defineMemberEmail",
  file: path.join("member-emails", "define-member-email.ts"),
});

const registered: Record<string, MemberEmailDefinition> = MEMBER_EMAILS;

describe("every programme email has one definition, in its own file, listed under its kind", () => {
  it("finds each definition written, exported once", () => {
    expect(found.length).toBe(written);
    expect(new Set(found.map(({ definition }) => definition)).size).toBe(found.length);
  });

  it("has exactly one definition for each kind members choose, each in the file named by its kind", () => {
    expect(found.map(({ definition }) => definition.kind).sort()).toEqual([...MEMBER_EMAIL_KINDS].sort());
    for (const { exportName, file, definition } of found) {
      expect(file, exportName).toBe(path.join("member-emails", "kinds", `${definition.kind}.ts`));
      expect(registered[definition.kind], `${exportName} (${file}) is not listed under its kind`).toBe(definition);
    }
    expect(Object.keys(registered).sort()).toEqual([...MEMBER_EMAIL_KINDS].sort());
  });

  it("names each kind apart on the account page, and says what it is about", () => {
    const labels = MEMBER_EMAIL_KINDS.map((kind) => registered[kind]?.label);
    expect(new Set(labels).size).toBe(MEMBER_EMAIL_KINDS.length);
    for (const kind of MEMBER_EMAIL_KINDS) {
      expect(registered[kind]?.label.trim(), kind).not.toBe("");
      expect(registered[kind]?.about, kind).toMatch(/\.$/);
    }
  });
});

describe(`each kind's sample, as the back office previews it (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it("is data its own schema accepts, rendered for every kind in the order members choose them", async () => {
    const now = new Date("2026-05-04T02:00:00Z");
    const ctx = testContext(database.db, { viewer: staffWith("programme"), now: () => now });
    const schedule = await programmeSchedule(ctx);
    for (const kind of MEMBER_EMAIL_KINDS) {
      const definition = registered[kind] as MemberEmailDefinition;
      expect(definition.data.safeParse(definition.sample({ schedule, now })).error, kind).toBeUndefined();
    }
    const previews = await previewMemberEmails(ctx, {});
    expect(previews.map((preview) => preview.kind)).toEqual([...MEMBER_EMAIL_KINDS]);
    for (const { kind, label, subject, text } of previews) {
      expect(label).toBe(registered[kind]?.label);
      expect(subject, kind).not.toBe("");
      expect(text, kind).toContain(
        isSwitchableMemberEmail(kind)
          ? `because “${label}” emails are on.`
          : `“${label}” emails are sent whatever emails you choose.`,
      );
    }
  });
});
