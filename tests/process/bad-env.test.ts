import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { tsxCli } from '../../scripts/lib/stack';

function start(entry: string, env: Record<string, string>) {
  const result = spawnSync(process.execPath, [tsxCli, entry], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'development', ...env },
    encoding: 'utf8',
    timeout: 50_000,
  });
  return { status: result.status, lines: result.stderr.trim().split('\n').filter(Boolean) };
}

describe.each(['server.ts', 'workers/main.ts'])('%s with a bad environment', (entry) => {
  // Each test starts a process through tsx: on a loaded CI machine that alone has taken over the unit project's 20 s.
  it('exits with one clear line naming a malformed DATABASE_URL', { timeout: 60_000 }, () => {
    const { status, lines } = start(entry, { DATABASE_URL: 'postgres-op-de-server' });
    expect(status).toBe(1);
    expect(lines).toEqual(['Invalid environment: DATABASE_URL must be a postgres://user@host:port/database URL']);
  });

  it('names every bad variable at once', { timeout: 60_000 }, () => {
    const { status, lines } = start(entry, { PORT: 'drieduizend', TEMPORAL_ADDRESS: 'geen-poort' });
    expect(status).toBe(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('DATABASE_URL is required');
    expect(lines[0]).toContain('PORT');
    expect(lines[0]).toContain('TEMPORAL_ADDRESS must be host:port');
  });
});
