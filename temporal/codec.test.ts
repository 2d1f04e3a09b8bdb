import { defaultPayloadConverter } from '@temporalio/common';
import { describe, expect, it } from 'vitest';
import { newPayloadKey, parsePayloadKeys } from '../domain/config/payload-keys';
import { EncryptionCodec, encryptedEncoding } from './codec';

const patient = { bsn: '123456782', name: 'Jan de Vries', note: 'Weigerde zijn clozapine.' };
const text = (payload: { metadata?: Record<string, Uint8Array> | null; data?: Uint8Array | null }) =>
  Buffer.concat([...Object.values(payload.metadata ?? {}).map((value) => Buffer.from(value)), Buffer.from(payload.data ?? [])]).toString(
    'latin1',
  );

describe('the payload codec', () => {
  const [older, current] = [parsePayloadKeys(newPayloadKey())[0]!, parsePayloadKeys(newPayloadKey())[0]!];

  it('encrypts the whole payload, metadata included, and decodes it back', async () => {
    const codec = new EncryptionCodec([current]);
    const plain = defaultPayloadConverter.toPayload(patient);
    const [encoded] = await codec.encode([plain]);
    expect(Buffer.from(encoded!.metadata!.encoding!).toString()).toBe(encryptedEncoding);
    for (const secret of [patient.bsn, 'Jan', 'Vries', 'clozapine', 'json/plain']) expect(text(encoded!)).not.toContain(secret);
    const [decoded] = await codec.decode([encoded!]);
    expect(defaultPayloadConverter.fromPayload(decoded!)).toEqual(patient);
  });

  it('uses a fresh nonce each time: the same value never gives the same ciphertext', async () => {
    const codec = new EncryptionCodec([current]);
    const plain = defaultPayloadConverter.toPayload(patient);
    const [a, b] = await codec.encode([plain, plain]);
    expect(Buffer.from(a!.data!).equals(Buffer.from(b!.data!))).toBe(false);
  });

  it('decodes after a rotation with the old key, and encrypts with the new one', async () => {
    const [old] = await new EncryptionCodec([older]).encode([defaultPayloadConverter.toPayload(patient)]);
    const rotated = new EncryptionCodec([current, older]);
    expect(defaultPayloadConverter.fromPayload((await rotated.decode([old!]))[0]!)).toEqual(patient);
    const [fresh] = await rotated.encode([defaultPayloadConverter.toPayload(patient)]);
    expect(Buffer.from(fresh!.metadata!['encryption-key-id']!).toString()).toBe(current.id);
    await expect(new EncryptionCodec([older]).decode([fresh!])).rejects.toThrow(`no payload key with id "${current.id}"`);
  });

  it('passes payloads written before the codec through unchanged', async () => {
    const legacy = defaultPayloadConverter.toPayload(patient);
    const [decoded] = await new EncryptionCodec([current]).decode([legacy]);
    expect(decoded).toBe(legacy);
  });

  it('refuses a payload that was changed in Temporal', async () => {
    const [encoded] = await new EncryptionCodec([current]).encode([defaultPayloadConverter.toPayload(patient)]);
    const data = Buffer.from(encoded!.data!);
    data[20] = data[20]! ^ 1;
    await expect(new EncryptionCodec([current]).decode([{ ...encoded, data }])).rejects.toThrow();
  });
});

describe('payload keys', () => {
  it('reads a list with ids, a single key, and names a key by its hash', () => {
    const key = Buffer.alloc(32, 7).toString('base64');
    expect(parsePayloadKeys(`nieuw:${key},oud:${Buffer.alloc(32, 1).toString('base64')}`).map((entry) => entry.id)).toEqual([
      'nieuw',
      'oud',
    ]);
    const [single] = parsePayloadKeys(undefined, key);
    expect(single!.id).toMatch(/^[0-9a-f]{12}$/);
    expect(parsePayloadKeys(key)[0]!.id).toBe(single!.id);
    expect(parsePayloadKeys(undefined, undefined)).toEqual([]);
  });

  it('refuses keys of the wrong size or form, and a duplicate id', () => {
    expect(() => parsePayloadKeys(Buffer.alloc(16).toString('base64'))).toThrow('must be 32 bytes');
    expect(() => parsePayloadKeys('geen-base64!')).toThrow('must be 32 bytes');
    const key = Buffer.alloc(32, 3).toString('base64');
    expect(() => parsePayloadKeys(`a:${key},a:${key}`)).toThrow('same key id twice');
  });
});
