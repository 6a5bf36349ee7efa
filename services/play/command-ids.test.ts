// The two namespaces of command ids: a client's key hashed with its scope, the server's steps by name.
import { describe, expect, it } from 'vitest';
import { clientCommandId, serverCommandId, serverSteps } from './command-ids.ts';

const scope = { principal: 'token-1', method: 'post', route: '/api/games/:gameId/hands/:hand/actions' };

describe('clientCommandId', () => {
  it('is the same for the same key and scope, and another for another principal, method, route or key', () => {
    const id = clientCommandId(scope, 'k-1');
    expect(id).toMatch(/^client:[0-9a-f]{64}$/);
    expect(clientCommandId({ ...scope, method: 'POST' }, 'k-1')).toBe(id);
    const others = [
      clientCommandId({ ...scope, principal: 'token-2' }, 'k-1'),
      clientCommandId({ ...scope, method: 'put' }, 'k-1'),
      clientCommandId({ ...scope, route: '/api/games/:gameId/hands/:hand/referee' }, 'k-1'),
      clientCommandId(scope, 'k-2'),
      // The same key with another request: another command, should it come after the key's reply expired.
      clientCommandId(scope, 'k-1', 'another fingerprint'),
    ];
    expect(new Set([id, ...others]).size).toBe(6);
    expect(clientCommandId(scope, 'k-1', 'f')).toBe(clientCommandId(scope, 'k-1', 'f'));
  });

  it('given a key spelling a server step or a scope boundary, then it is still only a hash', () => {
    const step = serverSteps.startHand('t-r1-t1', 2);
    expect(clientCommandId(scope, step)).not.toBe(step);
    expect(clientCommandId(scope, step)).toMatch(/^client:[0-9a-f]{64}$/);
    // Parts are kept apart: moving text between principal and key gives another id.
    expect(clientCommandId({ ...scope, principal: 'a' }, 'b"c')).not.toBe(
      clientCommandId({ ...scope, principal: 'a"b' }, 'c'),
    );
  });
});

describe('serverCommandId', () => {
  it('names a step readably under server:, and hashes it (still under server:) past 200 characters', () => {
    expect(serverSteps.bot('t-r1-t1', 3, 41, 'W')).toBe('server:t-r1-t1:3:bot:41:W');
    expect(serverSteps.closeWindow('t-r1-t1', 3, 41)).toBe('server:t-r1-t1:3:close:41');
    const long = serverCommandId('x'.repeat(250), 'start');
    expect(long).toMatch(/^server:[0-9a-f]{64}$/);
    expect(serverCommandId('x'.repeat(250), 'start')).toBe(long);
    expect(serverCommandId('x'.repeat(250), 'stop')).not.toBe(long);
  });

  it('gives each of a table’s steps an id of its own', () => {
    const g = 't-r1-t1';
    const ids = [
      serverSteps.startGame(g),
      serverSteps.startHand(g, 1),
      serverSteps.startHand(g, 2),
      serverSteps.recordHand(g, 1),
      serverSteps.closeWindow(g, 1, 7),
      serverSteps.bot(g, 1, 7, 'E'),
      serverSteps.bot(g, 1, 7, 'S'),
      serverSteps.bot(g, 1, 8, 'E'),
      serverSteps.bot(g, 2, 7, 'E'),
      serverSteps.tableFinished(g),
    ];
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id.startsWith('server:')).toBe(true);
  });
});
