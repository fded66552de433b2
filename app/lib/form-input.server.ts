import { z } from "zod";
import { parseInput } from "../../domain/shared/operation.ts";

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
 * A form post read through the operation's own input schema: each field the schema names, taken
 * from the form as the schema wants it (all values of a list, whether a checkbox is ticked, a
 * number typed as text as that number, anything else as its text, "" when missing so the schema
 * says what is wrong), then `known` (what the page knows itself, such as the id in its address, or
 * what it converts, such as dollars to cents). Bad input is refused field by field, with the
 * schema's own words, exactly as the operation would refuse it.
 */
export function formInput<S extends z.ZodType>(
  schema: S,
  form: FormData,
  known: Partial<Record<keyof z.input<S>, unknown>> = {},
): z.output<S> {
  const fields = Object.fromEntries(fieldsOf(schema).map(([name, reading]) => [name, fieldValue(form, name, reading)]));
  return parseInput(schema, { ...fields, ...known });
}
