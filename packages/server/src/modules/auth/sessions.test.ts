// The session cache: no query per request while it listens, none kept while it does not, and a
// change heard (NOTIFY) or made here forgets the account at once.
import type { ListenState } from '../../db/client';
import { MAX_AGE_MS, SessionCache, type SessionAccount } from './sessions';

const account = (tokenVersion: number): SessionAccount => ({
  id: 7,
  email: 'a@toko.id',
  name: 'A',
  role: 'admin',
  tokenVersion,
  revoked: [],
});

function setup() {
  let version = 0;
  let reads = 0;
  let now = 1_000_000;
  let notify: (payload: string) => void = () => undefined;
  let state: ListenState = () => undefined;
  const cache = new SessionCache(
    async () => {
      reads++;
      return account(version);
    },
    () => now,
  );
  const database = {
    listen: async (_channel: string, handler: (payload: string) => void, onState: ListenState) => {
      notify = handler;
      state = onState;
      onState(true);
      return async () => undefined;
    },
  };
  return {
    cache,
    database,
    reads: () => reads,
    change: () => version++,
    notify: (payload: string) => notify(payload),
    lose: () => state(false),
    regain: () => state(true),
    later: (ms: number) => (now += ms),
  };
}

it('reads an account once while it listens, and again when a change names it', async () => {
  const t = setup();
  await t.cache.listen(t.database);
  for (let i = 0; i < 5; i++) expect((await t.cache.account(7))?.tokenVersion).toBe(0);
  expect(t.reads()).toBe(1);
  t.change();
  t.notify('7');
  expect((await t.cache.account(7))?.tokenVersion).toBe(1);
  expect(t.reads()).toBe(2);
  t.notify('8');
  await t.cache.account(7);
  expect(t.reads()).toBe(2);
});

it('keeps nothing before it listens or while its connection is lost, and nothing too old', async () => {
  const t = setup();
  await t.cache.account(7);
  await t.cache.account(7);
  expect(t.reads()).toBe(2);
  await t.cache.listen(t.database);
  await t.cache.account(7);
  t.lose();
  await t.cache.account(7);
  await t.cache.account(7);
  expect(t.reads()).toBe(5);
  t.regain();
  await t.cache.account(7);
  await t.cache.account(7);
  expect(t.reads()).toBe(6);
  t.later(MAX_AGE_MS);
  await t.cache.account(7);
  expect(t.reads()).toBe(7);
});

it('does not keep a read that a change overtook', async () => {
  const t = setup();
  await t.cache.listen(t.database);
  const pending = t.cache.account(7);
  t.change();
  t.notify('7');
  expect((await pending)?.tokenVersion).toBe(0);
  expect((await t.cache.account(7))?.tokenVersion).toBe(1);
});
