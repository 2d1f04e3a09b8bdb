import { actionSchema, chainSchema, intents, maxChainLength, type Chain, type ChainAction, type Intent } from './intent.schemas';

/**
 * Reading the orchestrator's answer, however it arrives: fenced or bare JSON, a chain, a single
 * action or a list; when the JSON is broken, whatever intents and names can still be read from it;
 * when nothing can, one `unknown` action. `malformed` tells `ai_events` the answer needed repair.
 */
export function parseOrchestratorAnswer(text: string): { value: Chain; malformed: boolean } {
  const stripped = stripFences(text);
  const parsed = parseJson(stripped);
  if (parsed !== undefined) {
    const chain = asChain(parsed);
    if (chain) return { value: chain, malformed: stripped !== text.trim() };
  }
  const partial = extractPartially(stripped);
  if (partial.length > 0) return { value: { actions: partial }, malformed: true };
  return { value: { actions: [{ intent: 'unknown', entities: {}, confidence: 0.3 }] }, malformed: true };
}

function stripFences(text: string): string {
  const fenced = /```(?:json|JSON)?\s*([\s\S]*?)```/.exec(text);
  return (fenced ? fenced[1]! : text).trim();
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    const start = text.indexOf('{');
    const end = text.lastIndexOf('}');
    if (start < 0 || end <= start) return undefined;
    try {
      return JSON.parse(text.slice(start, end + 1));
    } catch {
      return undefined;
    }
  }
}

function asChain(value: unknown): Chain | null {
  const candidate = Array.isArray(value)
    ? { actions: value }
    : value && typeof value === 'object' && 'intent' in value
      ? { actions: [value] }
      : value;
  const chain = chainSchema.safeParse(candidate);
  if (chain.success) return chain.data;
  // A chain whose entities are partly wrong: keep every action that parses on its own.
  const actions = (candidate as { actions?: unknown })?.actions;
  if (!Array.isArray(actions)) return null;
  const valid = actions.flatMap((action) => {
    const parsed = actionSchema.safeParse(action);
    if (parsed.success) return [parsed.data];
    const intent = (action as { intent?: unknown })?.intent;
    return isIntent(intent) ? [{ intent, entities: {}, confidence: confidenceOf((action as { confidence?: unknown }).confidence) }] : [];
  });
  return valid.length > 0 ? { actions: valid.slice(0, maxChainLength) } : null;
}

function isIntent(value: unknown): value is Intent {
  return typeof value === 'string' && (intents as readonly string[]).includes(value);
}

function confidenceOf(value: unknown): number {
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? Math.min(1, Math.max(0, number)) : 0.5;
}

/** `"intent": "x"` in order of appearance, each with the name and confidence that follow it. */
function extractPartially(text: string): ChainAction[] {
  const found = [...text.matchAll(/"intent"\s*:\s*"([a-z_]+)"/g)];
  return found
    .flatMap((match, index) => {
      const intent = match[1];
      if (!isIntent(intent)) return [];
      const scope = text.slice(match.index, found[index + 1]?.index ?? text.length);
      const name = /"patientName"\s*:\s*"([^"]{1,120})"/.exec(scope)?.[1];
      const confidence = /"confidence"\s*:\s*([0-9.]+)/.exec(scope)?.[1];
      return [{ intent, entities: name ? { patientName: name } : {}, confidence: confidence ? confidenceOf(confidence) : 0.5 }];
    })
    .slice(0, maxChainLength);
}
