import { z } from 'zod';

type WithoutDefault<T> = T extends z.ZodDefault<infer Inner extends z.ZodType> ? Inner : T;
export type PatchShape<Shape extends z.ZodRawShape> = {
  [K in keyof Shape]: z.ZodOptional<WithoutDefault<Shape[K]>>;
};

/**
 * The body of a PATCH, made from the fields a create takes: every field optional and without its
 * default. A default would fill in each field left out, so a change of one field would also set the
 * others back to their defaults (`.partial()` keeps the defaults, which Zod applies to absent keys).
 */
export function patchOf<Shape extends z.ZodRawShape>(
  fields: z.ZodObject<Shape>,
): z.ZodObject<PatchShape<Shape>> {
  const shape = Object.fromEntries(
    Object.entries(fields.shape as unknown as Record<string, z.ZodType>).map(([name, field]) => [
      name,
      (field instanceof z.ZodDefault ? (field.unwrap() as z.ZodType) : field).optional(),
    ]),
  );
  return z.object(shape) as unknown as z.ZodObject<PatchShape<Shape>>;
}
