// Configuration is read once, from the environment, and a bad value names its variable.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('given nothing, runs embedded: ./data and port 3000', () => {
    expect(loadConfig({})).toEqual({
      dataDir: resolve('./data'),
      port: 3000,
      queuePrefix: 'mahjong-ledger',
      queueLockMs: 30_000,
      tableLeaseMs: 5000,
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      DATA_DIR: '/tmp/ml',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
      KURRENTDB_URL: 'kurrentdb://127.0.0.1:2113?tls=false',
      REDIS_URL: 'redis://127.0.0.1:6379',
      QUEUE_PREFIX: 'venue-2',
      QUEUE_LOCK_MS: '2000',
      TABLE_LEASE_MS: '1500',
      PORT: '8080',
    });
    expect(config).toEqual({
      dataDir: '/tmp/ml',
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/test',
      kurrentDbUrl: 'kurrentdb://127.0.0.1:2113?tls=false',
      redisUrl: 'redis://127.0.0.1:6379',
      queuePrefix: 'venue-2',
      queueLockMs: 2000,
      tableLeaseMs: 1500,
      port: 8080,
    });
  });

  it('reads the audit key or its file, never both', () => {
    expect(loadConfig({ AUDIT_KEY: 'k'.repeat(32) }).auditKey).toBe('k'.repeat(32));
    expect(loadConfig({ AUDIT_KEY_FILE: 'keys/audit.key' }).auditKeyFile).toBe(resolve('keys/audit.key'));
    expect(() => loadConfig({ AUDIT_KEY: 'k'.repeat(32), AUDIT_KEY_FILE: '/k' })).toThrow(
      /^AUDIT_KEY: set AUDIT_KEY or AUDIT_KEY_FILE, not both$/,
    );
  });

  it('given TRUST_PROXY, reads a hop count as a number and addresses as text; refuses anything else naming it', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe('10.0.0.0/8, 127.0.0.1');
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toBe('loopback');
    expect(() => loadConfig({ TRUST_PROXY: 'everyone; rm' })).toThrow(/^TRUST_PROXY: /);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it.each([
    [{ PORT: 'eighty' }, /^PORT: /],
    [{ PORT: '70000' }, /^PORT: /],
    [{ DATABASE_URL: 'mysql://x' }, /^DATABASE_URL: expected a postgres/],
    [{ REDIS_URL: 'not a url' }, /^REDIS_URL: /],
    [{ QUEUE_PREFIX: 'a:b' }, /^QUEUE_PREFIX: /],
    [{ QUEUE_LOCK_MS: '10' }, /^QUEUE_LOCK_MS: /],
    [{ AUDIT_KEY: 'short' }, /^AUDIT_KEY: at least 32 characters/],
  ])('refuses %j naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
