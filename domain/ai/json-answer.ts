/**
 * A model's JSON answer, however it arrives: bare, in a markdown fence, or with prose around it.
 * `repaired` says it was not bare JSON, which `ai_events` records as `malformed`; null when no
 * JSON object can be read at all.
 */
export function jsonFromAnswer(text: string): { json: unknown; repaired: boolean } | null {
  const trimmed = text.trim();
  const fenced = /```(?:json|JSON)?\s*([\s\S]*?)```/.exec(trimmed);
  const body = (fenced ? fenced[1]! : trimmed).trim();
  const start = body.indexOf('{');
  const end = body.lastIndexOf('}');
  if (start < 0 || end < start) return null;
  try {
    return { json: JSON.parse(body.slice(start, end + 1)) as unknown, repaired: Boolean(fenced) || start > 0 || end < body.length - 1 };
  } catch {
    return null;
  }
}

/** The one Dutch answer when a generation's model output cannot be used as a whole (502). */
export const unusableModelAnswer = 'Het taalmodel gaf een onbruikbaar antwoord. Er is niets opgeslagen; probeer het opnieuw.';
