const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && uuidPattern.test(value);
}

/** Ids from URLs go into uuid columns only when they are uuids; anything else cannot exist. */
export function uuidOrNull(value: unknown): string | null {
  return isUuid(value) ? value : null;
}
