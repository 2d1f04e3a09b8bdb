import { createHash, randomBytes } from 'node:crypto';

/*
 * The keys that encrypt what the app and the worker hand to Temporal and sign the actors they
 * vouch for (ADR 0025). Configuration only: the codec and the signatures are in `temporal/`.
 */

export interface PayloadKey {
  id: string;
  key: Buffer;
}

/**
 * `TEMPORAL_PAYLOAD_KEYS` ("id:base64,id:base64": the first encrypts and signs, all decrypt and
 * verify) or a single `TEMPORAL_PAYLOAD_KEY` (base64). A key without an id is named by its hash,
 * so the same key has the same id however it is configured. Every key is 32 bytes (AES-256).
 */
export function parsePayloadKeys(keys: string | undefined, key?: string): PayloadKey[] {
  const entries = (keys || key || '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const parsed = entries.map((entry) => {
    const separator = entry.indexOf(':');
    const [id, encoded] = separator > 0 ? [entry.slice(0, separator), entry.slice(separator + 1)] : [null, entry];
    const bytes = Buffer.from(encoded, 'base64');
    if (bytes.length !== 32 || bytes.toString('base64') !== encoded)
      throw new Error('must be 32 bytes, base64-encoded (openssl rand -base64 32)');
    return { id: id ?? keyIdOf(bytes), key: bytes };
  });
  if (new Set(parsed.map((entry) => entry.id)).size !== parsed.length) throw new Error('has the same key id twice');
  return parsed;
}

export function keyIdOf(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 12);
}

/** A new random key in the form `TEMPORAL_PAYLOAD_KEYS` takes (`make dev` writes one to `.data/`). */
export function newPayloadKey(): string {
  const key = randomBytes(32);
  return `${keyIdOf(key)}:${key.toString('base64')}`;
}
