import type { z } from 'zod';

/** Turns a core schema into a Mantine form rule for one field: the first pt-BR message, or null when valid. */
export function fieldRule(schema: z.ZodType) {
  return (value: unknown) => {
    const result = schema.safeParse(value);
    return result.success ? null : (result.error.issues[0]?.message ?? null);
  };
}
