const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A malformed id can name no record: callers treat it as simply not found. */
export function isUuid(id: string): boolean {
  return UUID.test(id);
}
