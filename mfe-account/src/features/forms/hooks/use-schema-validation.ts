import { toastFail } from '@marketplace/shared';
import { useCallback } from 'react';

/** The part of a zod schema this hook uses, so the remote needs no zod import of its own. */
interface Schema<T> {
  safeParse(values: unknown): { success: true; data: T } | { success: false; error: { issues: { message: string }[] } };
}

/**
 * Validates form values with the same zod schema the server uses. The first problem is toasted in
 * the reader's language (schema messages are `errors` keys) and nothing is sent.
 */
export const useSchemaValidation = () =>
  useCallback(<T>(schema: Schema<T>, values: unknown): T | null => {
    const result = schema.safeParse(values);
    if (result.success) return result.data;
    toastFail({ key: `errors:${result.error.issues[0]?.message ?? 'err.invalidBody'}` });
    return null;
  }, []);
