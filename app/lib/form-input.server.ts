import { z } from "zod";

/** How a form holds a field of the operation's input. */
type Reading = "list" | "checkbox" | "number" | "text";

function readingOf(field: z.ZodType): Reading {
  if (field instanceof z.ZodOptional || field instanceof z.ZodNullable || field instanceof z.ZodDefault) {
    return readingOf(field.unwrap() as z.ZodType);
  }
  // A pipe reads what its first step takes; a preprocessed field takes the form's text as it is.
  if (field instanceof z.ZodPipe) return readingOf(field.in as z.ZodType);
  if (field instanceof z.ZodArray) return "list";
  if (field instanceof z.ZodBoolean) return "checkbox";
  if (field instanceof z.ZodNumber) return "number";
  return "text";
}

/** The fields an input schema names, with how the form holds each: an object's, or those of every branch of a union. */
function fieldsOf(schema: z.ZodType): [string, Reading][] {
  if (schema instanceof z.ZodObject) {
    return Object.entries(schema.shape as Record<string, z.ZodType>).map(([name, field]) => [name, readingOf(field)]);
  }
  if (schema instanceof z.ZodIntersection) {
    return [...fieldsOf(schema.def.left as z.ZodType), ...fieldsOf(schema.def.right as z.ZodType)];
  }
  if (schema instanceof z.ZodUnion) return (schema.options as z.ZodType[]).flatMap(fieldsOf);
  throw new Error("A form is read by an object schema, or a union or intersection of them.");
}

function fieldValue(form: FormData, name: string, reading: Reading): unknown {
  if (reading === "list") return form.getAll(name).filter((value) => typeof value === "string");
  // A ticked checkbox is sent; one left empty is not.
  if (reading === "checkbox") return form.has(name);
  const value = form.get(name);
  const text = typeof value === "string" ? value : "";
  return reading === "number" && text.trim() !== "" ? Number(text) : text;
}

/**
 * The one way a page reads a form: each field the operation's input schema names, taken from the
 * form as the schema wants it (all values of a list, whether a checkbox is ticked, a number typed as
 * text as that number, anything else as its text, "" when missing so the schema says what is wrong),
 * then `known` (what the page knows itself, such as the id in its address, or what it converts, such
 * as dollars to cents). Nothing is parsed here: the operation parses its input once, by the same
 * schema, and refuses bad input field by field in its own words.
 */
export function formInput<S extends z.ZodType>(
  schema: S,
  form: FormData,
  known: Partial<Record<keyof z.input<S>, unknown>> = {},
): z.input<S> {
  const fields = Object.fromEntries(fieldsOf(schema).map(([name, reading]) => [name, fieldValue(form, name, reading)]));
  return { ...fields, ...known } as z.input<S>;
}

/** What was typed in each field the schema names, as text: to fill the form in again when the operation refuses it. */
export function typedValues(schema: z.ZodType, form: FormData): Record<string, string> {
  return Object.fromEntries(fieldsOf(schema).map(([name]) => [name, fieldValue(form, name, "text") as string]));
}
