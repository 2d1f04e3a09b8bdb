/**
 * The JSON of a frozen value, written once per value: a read that many requests share (the
 * organisation's agenda week, remembered per agenda version, ADR 0023) is serialised once, not on
 * every request (issue 38: 1 MB of JSON for each assistant agenda request). Anything not frozen is
 * written afresh, since it may have changed.
 */
const writtenJson = new WeakMap<object, string>();
export function sharedJson(value: object): string {
  if (!Object.isFrozen(value)) return JSON.stringify(value);
  let json = writtenJson.get(value);
  if (json === undefined) {
    json = JSON.stringify(value);
    writtenJson.set(value, json);
  }
  return json;
}

/** A JSON answer whose parts are JSON already (`sharedJson`): `{"name": part, …}` as Response.json would write it. */
export function jsonOfParts(parts: Record<string, string>): Response {
  const body = `{${Object.entries(parts)
    .map(([name, json]) => `${JSON.stringify(name)}:${json}`)
    .join(',')}}`;
  return new Response(body, { headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' } });
}
