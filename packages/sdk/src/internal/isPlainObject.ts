/** True for a non-null, non-array object: a JSON object read from the wire or from storage. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
