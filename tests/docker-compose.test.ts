import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseEnv, requiredInProduction } from '../domain/config/env';
import { newPayloadKey } from '../domain/config/payload-keys';

/*
 * docker-compose.yml read as an operator's `docker compose up` would: the services built from this
 * repository (app, worker, migrate) must start in production, which domain/config/env.ts refuses
 * without the variables it lists. Issue 45: the file once left out TEMPORAL_PAYLOAD_KEYS.
 */

interface Service {
  build?: unknown;
  command?: string[];
  environment?: Record<string, string | number | boolean>;
  deploy?: { replicas?: number };
}

const compose = parse(readFileSync('docker-compose.yml', 'utf8'), { merge: true }) as { services: Record<string, Service> };
const ownServices = Object.entries(compose.services).filter(([, service]) => service.build === '.');
const reference = /\$\{([A-Z0-9_]+)(?:(:?[-?])([^}]*))?\}/g;

/** The service's environment as written, every value a string. */
function written(service: Service): Record<string, string> {
  return Object.fromEntries(Object.entries(service.environment ?? {}).map(([name, value]) => [name, String(value)]));
}

/** A value compose can only start with when it is not empty: literal text, or a `${VAR:?…}` that refuses to be missing. */
function neverEmpty(value: string): boolean {
  const literal = value.replace(reference, '');
  return literal !== '' || [...value.matchAll(reference)].some((match) => match[2] === ':?');
}

/** Compose's interpolation with the variables an operator's .env gives; unset ones with a default get it. */
function interpolate(environment: Record<string, string>, dotEnv: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(environment).map(([name, value]) => [
      name,
      value.replace(reference, (_match, variable: string, operator: string | undefined, fallback: string | undefined) => {
        const given = dotEnv[variable];
        if (given) return given;
        if (operator?.endsWith('?')) throw new Error(`compose refuses to start: ${variable} is not set`);
        return operator?.endsWith('-') ? (fallback ?? '') : '';
      }),
    ]),
  );
}

/** What docs/operations.md asks an operator to put in .env, with made-up values of the right form. */
function operatorsDotEnv(): Record<string, string> {
  const variables = new Set(
    Object.values(compose.services).flatMap((service) =>
      Object.values(written(service)).flatMap((value) => [...value.matchAll(reference)].filter((m) => m[2] === ':?').map((m) => m[1]!)),
    ),
  );
  return Object.fromEntries(
    [...variables].map((variable) => [variable, variable === 'TEMPORAL_PAYLOAD_KEYS' ? newPayloadKey() : 'test-only-secret']),
  );
}

describe('docker-compose.yml', () => {
  it('runs the app, the worker and the migration from this repository', () => {
    expect(ownServices.map(([name]) => name).sort()).toEqual(['app', 'migrate', 'worker']);
  });

  it('gives every service it builds each variable production requires (from env.ts), and NODE_ENV=production', () => {
    const required = requiredInProduction();
    // The list comes from the schema: the owner connection always, the payload keys and the app role's password in production.
    expect(required.map((entry) => entry.variable)).toEqual(
      expect.arrayContaining(['DATABASE_URL', 'TEMPORAL_PAYLOAD_KEYS', 'DATABASE_APP_PASSWORD']),
    );
    for (const [name, service] of ownServices) {
      const environment = written(service);
      expect(environment.NODE_ENV, name).toBe('production');
      const missing = required
        .filter(({ variable, alternatives }) => ![variable, ...alternatives].some((candidate) => neverEmpty(environment[candidate] ?? '')))
        .map(({ variable }) => variable);
      expect(missing, `${name} lacks`).toEqual([]);
    }
  });

  it('starts each of them with an operator’s .env: env.ts accepts the environment as production', () => {
    const dotEnv = operatorsDotEnv();
    for (const [name, service] of ownServices) {
      const env = parseEnv(interpolate(written(service), dotEnv));
      expect(env.production, name).toBe(true);
      expect(env.payloadKeys, name).toHaveLength(1);
      expect(env.DEMO_LOGIN, name).toBe(false);
      expect(new URL(env.APP_DATABASE_URL).password, name).toBe('test-only-secret');
    }
  });

  it('refuses to start without the secrets instead of running on an empty one', () => {
    for (const [name, service] of ownServices) {
      const environment = written(service);
      expect(() => interpolate(environment, {}), name).toThrow(/TEMPORAL_PAYLOAD_KEYS|DATABASE_APP_PASSWORD|POSTGRES_PASSWORD/);
      for (const variable of ['TEMPORAL_PAYLOAD_KEYS', 'DATABASE_APP_PASSWORD']) {
        expect(() => interpolate(environment, { ...operatorsDotEnv(), [variable]: '' }), `${name} without ${variable}`).toThrow(variable);
      }
    }
  });

  it('commits no secret: every password and key is a variable from .env', () => {
    for (const service of Object.values(compose.services)) {
      for (const [name, value] of Object.entries(written(service))) {
        if (/PASSWORD|PWD|KEY|SECRET/.test(name)) expect(value.replace(reference, ''), name).toBe('');
      }
    }
  });

  it('runs two web processes and two workers', () => {
    expect(written(compose.services.app!).WEB_CONCURRENCY).toBe('2');
    expect(compose.services.worker!.deploy?.replicas).toBe(2);
  });
});
