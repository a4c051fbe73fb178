import type { z } from 'zod';
import { AppError } from './app-error.js';

/** Validates a request body against a contract schema; every problem is listed in `_extra`. */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown, context: string): z.infer<T> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const problems = result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  const first = problems[0];
  throw new AppError(400, 'validation_failed', `${first.path || 'body'}: ${first.message}`, context, problems);
}
