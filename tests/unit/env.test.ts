import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, ownerEmailsOf, supplierOf } from "../../server/env.ts";

describe("configuration", () => {
  it("runs on the embedded defaults with no settings", () => {
    expect(loadConfig({})).toMatchObject({
      APP_ENV: "development",
      PORT: 3000,
      DATA_DIR: "./data",
      BRAND_NAME: "Nectar Lab",
      DEBUG_TOOLS: false,
    });
  });

  it("names the back office's owners by OWNER_EMAILS, the embedded provider's test owner when unset", () => {
    expect(ownerEmailsOf(loadConfig({ OWNER_EMAILS: " Ann@Shop.sg, bo@shop.sg,ann@shop.sg " }))).toEqual([
      "ann@shop.sg",
      "bo@shop.sg",
    ]);
    expect(ownerEmailsOf(loadConfig({}))).toEqual(["owner@nectarlab.test"]);
    const hosted = { OIDC_ISSUER: "https://idp.example.com", OIDC_CLIENT_ID: "c", OIDC_CLIENT_SECRET: "s" };
    expect(ownerEmailsOf(loadConfig(hosted))).toEqual([]);
    expect(() => loadConfig({ OWNER_EMAILS: "ann@shop.sg, not an email" })).toThrow(/OWNER_EMAILS/);
  });

  it("takes PORT, DATA_DIR and DATABASE_URL", () => {
    const config = loadConfig({ PORT: "4100", DATA_DIR: "/tmp/shop", DATABASE_URL: "postgres://u:p@db:5432/shop" });
    expect(config).toMatchObject({ PORT: 4100, DATA_DIR: "/tmp/shop", DATABASE_URL: "postgres://u:p@db:5432/shop" });
  });

  it("treats blank settings as unset", () => {
    const config = loadConfig({ PORT: "", DATABASE_URL: "" });
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it("stops with a message naming each bad setting", () => {
    expect(() => loadConfig({ PORT: "eighty", DATABASE_URL: "mysql://x", APP_ENV: "prod" })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: "eighty", DATABASE_URL: "mysql://x" });
    } catch (error) {
      expect(String(error)).toMatch(/PORT/);
      expect(String(error)).toMatch(/DATABASE_URL: must be a postgres/);
    }
  });

  it("refuses debug tools in production", () => {
    expect(() => loadConfig({ APP_ENV: "production", DEBUG_TOOLS: "true" })).toThrow(/DEBUG_TOOLS: debug tools are refused/);
    expect(loadConfig({ APP_ENV: "staging", DEBUG_TOOLS: "true" }).DEBUG_TOOLS).toBe(true);
  });

  it("needs the secret that signs unsubscribe links in production, and only there", () => {
    expect(() => loadConfig({ APP_ENV: "production" })).toThrow(/EMAIL_LINK_SECRET: is required when APP_ENV=production/);
    expect(() => loadConfig({ EMAIL_LINK_SECRET: "short" })).toThrow(/EMAIL_LINK_SECRET: must be at least 32 characters/);
    expect(loadConfig({ APP_ENV: "staging" }).EMAIL_LINK_SECRET).toBeUndefined();
  });

  it("names the brand as the supplier until a legal entity is set", () => {
    expect(supplierOf(loadConfig({}))).toEqual({ name: "Nectar Lab", address: null, gstRegistrationNumber: null });
  });

  it("takes a GST registration number in IRAS's forms, with the supplier's name and address", () => {
    const supplier = { SUPPLIER_NAME: "Nectar Lab Pte. Ltd.", SUPPLIER_ADDRESS: "1 Raffles Place, #20-01, Singapore 048616" };
    for (const [given, kept] of [
      [" m90312345a ", "M90312345A"],
      ["200312345A", "200312345A"],
      ["53123456X", "53123456X"],
      ["T09LL0001B", "T09LL0001B"],
      ["MR-8500002-1", "MR-8500002-1"],
    ]) {
      expect(supplierOf(loadConfig({ ...supplier, GST_REGISTRATION_NUMBER: given })).gstRegistrationNumber).toBe(kept);
    }
  });

  it("refuses a GST registration number that is not one, or one without the supplier it registers", () => {
    for (const bad of ["GST123", "M9031234", "2003123456", "M90312345A;"]) {
      expect(() =>
        loadConfig({ SUPPLIER_NAME: "Nectar Lab Pte. Ltd.", SUPPLIER_ADDRESS: "1 Raffles Place", GST_REGISTRATION_NUMBER: bad }),
      ).toThrow(/GST_REGISTRATION_NUMBER: must be an IRAS GST registration number, e\.g\. M90312345A or 200312345A/);
    }
    expect(() => loadConfig({ GST_REGISTRATION_NUMBER: "M90312345A" })).toThrow(
      /SUPPLIER_NAME: is required with GST_REGISTRATION_NUMBER[\s\S]*SUPPLIER_ADDRESS: is required/,
    );
  });

  it("takes the brand's social pages as https addresses only", () => {
    expect(loadConfig({}).BRAND_INSTAGRAM_URL).toBe("https://www.instagram.com/nectarlab.sg");
    expect(loadConfig({ BRAND_FACEBOOK_URL: "https://www.facebook.com/example" }).BRAND_FACEBOOK_URL).toBe(
      "https://www.facebook.com/example",
    );
    for (const bad of ["http://www.tiktok.com/@example", "javascript:alert(1)", "tiktok.com/@example"]) {
      expect(() => loadConfig({ BRAND_TIKTOK_URL: bad })).toThrow(/BRAND_TIKTOK_URL/);
    }
  });

  it("keeps metrics off unless a long enough token or a port of their own is set", () => {
    const defaults = loadConfig({});
    expect([defaults.METRICS_TOKEN, defaults.METRICS_PORT, defaults.SHUTDOWN_DRAIN_SECONDS]).toEqual([undefined, undefined, 0]);
    expect(loadConfig({ METRICS_TOKEN: "0123456789abcdef" }).METRICS_TOKEN).toBe("0123456789abcdef");
    expect(() => loadConfig({ METRICS_TOKEN: "short-token" })).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
    expect(() => loadConfig({ METRICS_TOKEN: "a token with spaces in it" })).toThrow(/METRICS_TOKEN: must be printable/);
    expect(loadConfig({ METRICS_PORT: "9464" }).METRICS_PORT).toBe(9464);
    expect(() => loadConfig({ PORT: "9464", METRICS_PORT: "9464" })).toThrow(/METRICS_PORT: must differ from PORT/);
    expect(loadConfig({ SHUTDOWN_DRAIN_SECONDS: "15" }).SHUTDOWN_DRAIN_SECONDS).toBe(15);
    expect(() => loadConfig({ SHUTDOWN_DRAIN_SECONDS: "-1" })).toThrow(/SHUTDOWN_DRAIN_SECONDS/);
  });
});
