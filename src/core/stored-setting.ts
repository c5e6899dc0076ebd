import type { z } from 'zod';

/**
 * A setting as stored (JSON text) read back through its schema, or `defaults` when nothing
 * was saved or what was saved no longer reads: a setting never stops the app.
 */
export function storedSetting<T>(
  schema: z.ZodType<T>,
  stored: string | null | undefined,
  defaults: T,
): T {
  if (stored === null || stored === undefined) return defaults;
  try {
    const parsed = schema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : defaults;
  } catch {
    return defaults;
  }
}
