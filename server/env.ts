import { z } from "zod";
import type { Supplier } from "../domain/shared/context.ts";
import { isGstRegistrationNumber } from "../domain/shared/gst.ts";
import { TEST_OWNER } from "../integrations/identity/embedded-provider/interaction-page.ts";

const booleanFlag = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((value) => value === "true" || value === "1");

/** The brand's page on a social network, opened from the earn-points actions. */
const brandPageUrl = z.url({ protocol: /^https$/, message: "must be an https:// address" });

const envSchema = z
  .object({
    APP_ENV: z.enum(["development", "test", "staging", "production"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).optional(),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// connection URL")
      .optional(),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    BRAND_NAME: z.string().min(1).max(60).default("Nectar Lab"),
    BRAND_INSTAGRAM_URL: brandPageUrl.default("https://www.instagram.com/nectarlab.sg"),
    BRAND_TIKTOK_URL: brandPageUrl.default("https://www.tiktok.com/@nectarlab.sg"),
    BRAND_FACEBOOK_URL: brandPageUrl.default("https://www.facebook.com/nectarlab.sg"),
    DEBUG_TOOLS: booleanFlag,
    PAGE_CACHE: z.enum(["on", "off"]).default("on"),
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^sk_(test|live)_/, "must be a Stripe secret key (sk_test_… or sk_live_…)")
      .optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_/, "must be a Stripe webhook signing secret (whsec_…)")
      .optional(),
    STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
      .optional(),
    MAIL_FROM: z.string().min(3).default("Nectar Lab <orders@nectarlab.sg>"),
    /**
     * Signs the unsubscribe links of programme emails (decision 044). Required in production; unset
     * elsewhere, a random one the first process makes and keeps in the database for all of them.
     */
    EMAIL_LINK_SECRET: z
      .string()
      .min(32, "must be at least 32 characters (a long random value, e.g. openssl rand -hex 32)")
      .optional(),
    ADMIN_EMAIL: z.email({ error: "must be an email address" }).optional(),
    /** Comma-separated emails of the shop's owners; with the embedded identity provider, its test owner when unset. */
    OWNER_EMAILS: z
      .string()
      .transform((value) => [
        ...new Set(
          value
            .split(",")
            .map((email) => email.trim().toLowerCase())
            .filter(Boolean),
        ),
      ])
      .pipe(z.array(z.email({ error: "must be comma-separated email addresses" })))
      .optional(),
    S3_BUCKET: z.string().min(3).optional(),
    S3_REGION: z.string().min(1).default("us-east-2"),
    S3_ENDPOINT: z.url().optional(),
    OIDC_ISSUER: z.url({ protocol: /^https?$/ }).optional(),
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
    /** Seconds the embedded identity provider's access tokens live (tests use short ones); one hour when unset. */
    EMBEDDED_IDP_ACCESS_TOKEN_TTL: z.coerce.number().int().min(1).max(86_400).optional(),
    /** The seller as its invoices name it; the brand name when unset. */
    SUPPLIER_NAME: z.string().trim().min(1).max(120).optional(),
    SUPPLIER_ADDRESS: z.string().trim().min(1).max(300).optional(),
    /** Set when the shop is GST-registered: its invoices are then tax invoices. */
    GST_REGISTRATION_NUMBER: z
      .string()
      .trim()
      .toUpperCase()
      .refine(isGstRegistrationNumber, "must be an IRAS GST registration number, e.g. M90312345A or 200312345A")
      .optional(),
    /** Turns on GET /metrics on the shop's port for scrapers sending `Authorization: Bearer <token>`. */
    METRICS_TOKEN: z
      .string()
      .min(16, "must be at least 16 characters (a long random value, e.g. openssl rand -hex 32)")
      .regex(/^[\x21-\x7e]+$/, "must be printable characters without spaces")
      .optional(),
    /** A listener of its own (on HOST) serving only /metrics, without a token; 0 picks a free port. */
    METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    /** Seconds between a shutdown's start (readiness answering 503) and the listener closing. */
    SHUTDOWN_DRAIN_SECONDS: z.coerce.number().int().min(0).max(300).default(0),
  })
  .superRefine((env, ctx) => {
    if (env.METRICS_PORT !== undefined && env.METRICS_PORT !== 0 && env.METRICS_PORT === env.PORT) {
      ctx.addIssue({ code: "custom", path: ["METRICS_PORT"], message: "must differ from PORT" });
    }
    for (const key of ["SUPPLIER_NAME", "SUPPLIER_ADDRESS"] as const) {
      if (env.GST_REGISTRATION_NUMBER && !env[key]) {
        ctx.addIssue({
          code: "custom",
          path: [key],
          message: "is required with GST_REGISTRATION_NUMBER (a tax invoice names the supplier)",
        });
      }
    }
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({ code: "custom", path: ["STRIPE_WEBHOOK_SECRET"], message: "is required with STRIPE_SECRET_KEY" });
    }
    if (env.APP_ENV === "production" && !env.STRIPE_SECRET_KEY) {
      ctx.addIssue({
        code: "custom",
        path: ["STRIPE_SECRET_KEY"],
        message: "is required when APP_ENV=production (no test payments)",
      });
    }
    if (env.OIDC_ISSUER && !(env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET)) {
      ctx.addIssue({
        code: "custom",
        path: ["OIDC_CLIENT_ID"],
        message: "OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are required with OIDC_ISSUER",
      });
    }
    if (env.APP_ENV === "production" && !env.OIDC_ISSUER) {
      ctx.addIssue({
        code: "custom",
        path: ["OIDC_ISSUER"],
        message: "is required when APP_ENV=production (the embedded identity provider is never mounted there)",
      });
    }
    if (env.APP_ENV === "production" && !env.EMAIL_LINK_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["EMAIL_LINK_SECRET"],
        message: "is required when APP_ENV=production (it signs the unsubscribe links in programme emails)",
      });
    }
    if (env.APP_ENV === "production" && env.DEBUG_TOOLS) {
      ctx.addIssue({ code: "custom", path: ["DEBUG_TOOLS"], message: "debug tools are refused when APP_ENV=production" });
    }
    if (env.APP_ENV === "production" && env.EMBEDDED_IDP_ACCESS_TOKEN_TTL !== undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["EMBEDDED_IDP_ACCESS_TOKEN_TTL"],
        message: "is refused when APP_ENV=production (there is no embedded identity provider there)",
      });
    }
  });

export type Config = z.infer<typeof envSchema>;

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** The only reader of process.env: every setting is checked here once, at start. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const withoutBlanks = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const parsed = envSchema.safeParse(withoutBlanks);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".") || "(settings)"}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return parsed.data;
}

/**
 * The owners OWNER_EMAILS names; unset, the test owner the embedded identity provider offers, so a
 * fresh start has a way into the back office (never with a hosted user pool).
 */
export function ownerEmailsOf(config: Config): string[] {
  return config.OWNER_EMAILS ?? (config.OIDC_ISSUER ? [] : [TEST_OWNER.email]);
}

/** The seller named on invoices: the legal entity when set, else the brand. */
export function supplierOf(config: Config): Supplier {
  return {
    name: config.SUPPLIER_NAME ?? config.BRAND_NAME,
    address: config.SUPPLIER_ADDRESS ?? null,
    gstRegistrationNumber: config.GST_REGISTRATION_NUMBER ?? null,
  };
}
