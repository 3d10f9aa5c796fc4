/** A failure as a log line: an Error's stack, never 'undefined' (some libraries reject bare). */
export function describeError(error: unknown): string {
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`;
  if (error === undefined || error === null) return `failed without a reason (${String(error)})`;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error);
  } catch {
    return String(error);
  }
}
