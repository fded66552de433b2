export type OptionUnit = "b" | "pu";

export type ParsedOptionId = {
  optionId: string;
  productId: string;
  variant: string | null;
  count: number;
  unit: OptionUnit;
};

const OPTION_ID = /^op-([a-z0-9]+)(?:_([a-z0-9]+))?-([1-9][0-9]{0,2})(b|pu)$/;

/** Reads an option id of the shape op-{productId}[_variant]-{count}{b|pu}; null when malformed. */
export function parseOptionId(value: unknown): ParsedOptionId | null {
  if (typeof value !== "string" || value.length > 64) return null;
  const match = OPTION_ID.exec(value);
  if (!match) return null;
  const [, productId, variant, count, unit] = match;
  if (!productId || !count || (unit !== "b" && unit !== "pu")) return null;
  return { optionId: value, productId, variant: variant ?? null, count: Number(count), unit };
}

export function formatOptionId(parts: Omit<ParsedOptionId, "optionId">): string {
  const variant = parts.variant ? `_${parts.variant}` : "";
  return `op-${parts.productId}${variant}-${parts.count}${parts.unit}`;
}

export function isValidOptionId(value: unknown): value is string {
  return parseOptionId(value) !== null;
}
