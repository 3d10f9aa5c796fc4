/**
 * A report field as an object: it may hold one or JSON text of one (spec section 3); anything
 * else reads as empty. (analysis keeps its own copy for stored rows; the engine imports nothing
 * outside its folder.)
 */
export function asRecord(value: unknown): Record<string, unknown> {
  if (typeof value === 'string') {
    try {
      return asRecord(JSON.parse(value));
    } catch {
      return {};
    }
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}
