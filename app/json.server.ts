/**
 * JSON answers that share a read: the organisation's agenda week is remembered per agenda version
 * (ADR 0023) and many requests answer with the same frozen list. Its JSON (1 MB for a week of 3 000
 * appointments) is written and encoded once per list, not on every request (issue 38). Anything not
 * frozen is written afresh, since it may have changed.
 */
const written = new WeakMap<object, Map<string, Uint8Array<ArrayBuffer>>>();
const encoder = new TextEncoder();

/** `{ [name]: shared, ...rest }` as `Response.json` writes it, with the bytes kept per frozen `shared` and `rest`. */
export function jsonAnswerSharing(name: string, shared: object, rest: Record<string, unknown> = {}): Response {
  const headers = { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' };
  if (!Object.isFrozen(shared)) return new Response(JSON.stringify({ [name]: shared, ...rest }), { headers });
  const restJson = JSON.stringify(rest);
  let bodies = written.get(shared);
  if (!bodies) written.set(shared, (bodies = new Map()));
  const key = `${name}\u0000${restJson}`;
  let body = bodies.get(key);
  if (!body) {
    const tail = restJson === '{}' ? '}' : `,${restJson.slice(1)}`;
    body = encoder.encode(`{${JSON.stringify(name)}:${JSON.stringify(shared)}${tail}`);
    // A list is asked for with a handful of ranges at most; a stray one does not grow it for ever.
    if (bodies.size >= 8) bodies.clear();
    bodies.set(key, body);
  }
  return new Response(body, { headers });
}
