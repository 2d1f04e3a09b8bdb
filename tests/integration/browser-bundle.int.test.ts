import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const publicDir = path.resolve('.cache/test-build/public');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : full.endsWith('.js') ? [full] : [];
  });
}

describe('the browser bundle built for the tests', () => {
  it('carries no server-only code: no ORM, database driver, Temporal or password hashing', () => {
    const scripts = files(publicDir);
    expect(scripts.length).toBeGreaterThan(5);
    for (const file of scripts) {
      const source = readFileSync(file, 'utf8');
      for (const marker of ['MikroORM', '@temporalio', 'pg-protocol', 'scrypt$']) {
        expect(source.includes(marker), `${path.relative(publicDir, file)} contains ${marker}`).toBe(false);
      }
    }
  });
});
