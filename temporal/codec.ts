import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { METADATA_ENCODING_KEY, type Payload, type PayloadCodec } from '@temporalio/common';
import proto from '@temporalio/proto';
import type { PayloadKey } from '../domain/config/payload-keys';

/*
 * Every payload the app and the worker hand to Temporal — workflow inputs and results, activity
 * arguments and results, update and query arguments, memos — is encrypted before it leaves the
 * process (ADR 0025). Temporal's history, its UI and its CLI see only ciphertext: patient data
 * stays inside the processes that hold the key.
 */

export const encryptedEncoding = 'binary/encrypted';
const keyIdMetadata = 'encryption-key-id';
const ivBytes = 12;
const tagBytes = 16;
// A CommonJS package: its namespace is the default export under Node's ESM loader.
const { Payload: PayloadMessage } = proto.temporal.api.common.v1;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * AES-256-GCM over the whole serialised payload (its metadata too, so not even the encoding or a
 * type name shows). The key id travels in the metadata: after a rotation, old histories decode
 * with the old key. A payload without the encrypted encoding (written before the codec) passes
 * through unchanged.
 */
export class EncryptionCodec implements PayloadCodec {
  private readonly current: PayloadKey;
  private readonly byId: Map<string, Buffer>;

  constructor(keys: readonly PayloadKey[]) {
    if (keys.length === 0) throw new Error('EncryptionCodec needs at least one key');
    this.current = keys[0]!;
    this.byId = new Map(keys.map(({ id, key }) => [id, key]));
  }

  async encode(payloads: Payload[]): Promise<Payload[]> {
    return payloads.map((payload) => {
      const iv = randomBytes(ivBytes);
      const cipher = createCipheriv('aes-256-gcm', this.current.key, iv);
      const plain = PayloadMessage.encode(payload).finish();
      const data = Buffer.concat([iv, cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
      return {
        metadata: { [METADATA_ENCODING_KEY]: encoder.encode(encryptedEncoding), [keyIdMetadata]: encoder.encode(this.current.id) },
        data,
      };
    });
  }

  async decode(payloads: Payload[]): Promise<Payload[]> {
    return payloads.map((payload) => {
      const encoding = payload.metadata?.[METADATA_ENCODING_KEY];
      if (!encoding || decoder.decode(encoding) !== encryptedEncoding) return payload;
      const keyId = payload.metadata?.[keyIdMetadata] ? decoder.decode(payload.metadata[keyIdMetadata]) : '';
      const key = this.byId.get(keyId);
      // The id only, never the payload: a missing key is a configuration error an operator can fix.
      if (!key) throw new Error(`no payload key with id "${keyId}" is configured (TEMPORAL_PAYLOAD_KEYS)`);
      const data = Buffer.from(payload.data ?? new Uint8Array());
      const decipher = createDecipheriv('aes-256-gcm', key, data.subarray(0, ivBytes));
      decipher.setAuthTag(data.subarray(data.length - tagBytes));
      const plain = Buffer.concat([decipher.update(data.subarray(ivBytes, data.length - tagBytes)), decipher.final()]);
      return PayloadMessage.decode(plain) as Payload;
    });
  }
}
