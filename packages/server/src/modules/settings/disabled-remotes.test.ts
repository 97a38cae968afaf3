// The kill switch's setting through the API (issue 49): GET /api/settings names the remotes
// switched off for everyone (none at first); the manager sets and clears the list; an unknown
// remote, 'shell', a name given twice or a list that is no list is refused with an Indonesian
// message and nothing changed; an admin gets 403 and no token 401.
import { KILL_SWITCH_MESSAGES } from '@gudang/api-client/contract';
import { latestLog, setupTestServer } from '../../testing/fixtures';

const server = setupTestServer();

const disabled = async () =>
  (await server.call('GET', '/api/settings', null)).json<{ disabled_remotes: string[] }>()
    .disabled_remotes;

const put = (body: Record<string, unknown>, token = server.actors.managerToken) =>
  server.call('PUT', '/api/settings', token, body);

describe('the setting disabled_remotes', () => {
  it('is empty at first, for anyone (GET /api/settings needs no token)', async () => {
    expect(await disabled()).toEqual([]);
  });

  it('is set by the manager, in the contract order, logged, and cleared by []', async () => {
    const saved = await put({ disabled_remotes: ['finance', 'orders'] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ disabled_remotes: ['orders', 'finance'] });
    expect(await disabled()).toEqual(['orders', 'finance']);
    expect((await latestLog(server.database, 'UPDATE_SETTINGS'))?.details).toBe(
      'Modul dinonaktifkan - → orders, finance',
    );
    // Another setting saved alone leaves the list as it is.
    expect((await put({ return_check_days: 20 })).statusCode).toBe(200);
    expect(await disabled()).toEqual(['orders', 'finance']);

    const cleared = await put({ disabled_remotes: [] });
    expect(cleared.statusCode).toBe(200);
    expect(await disabled()).toEqual([]);
    expect((await latestLog(server.database, 'UPDATE_SETTINGS'))?.details).toBe(
      'Modul dinonaktifkan orders, finance → -',
    );
    expect((await put({ return_check_days: 14 })).statusCode).toBe(200);
  });

  it.each([
    [['shell'], KILL_SWITCH_MESSAGES.shell],
    [['orders', 'Shell'], KILL_SWITCH_MESSAGES.shell],
    [['gudang'], KILL_SWITCH_MESSAGES.unknown('gudang')],
    [['orders', 'orders'], KILL_SWITCH_MESSAGES.duplicate('orders')],
  ])(
    'refuses %j with a clear message, changing nothing (no other setting either)',
    async (names, message) => {
      await put({ disabled_remotes: ['admin'] });
      const refused = await put({ disabled_remotes: names, return_check_days: 30 });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ message });
      expect(await disabled()).toEqual(['admin']);
      const settings = (await server.call('GET', '/api/settings', null)).json<{
        return_check_days: number;
      }>();
      expect(settings.return_check_days).toBe(14);
      await put({ disabled_remotes: [] });
    },
  );

  it.each([['orders'], [[1]], [['']], [Array.from({ length: 11 }, () => 'orders')]])(
    'refuses the value %j (not a list of names) with 400 and a message, never 500',
    async (value) => {
      const refused = await put({ disabled_remotes: value });
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ message: string }>().message).toMatch(/\S/);
      expect(await disabled()).toEqual([]);
    },
  );

  it('is the manager’s only: an admin gets 403, no token 401, and nothing changes', async () => {
    const admin = await put({ disabled_remotes: ['orders'] }, server.actors.adminToken);
    expect(admin.statusCode).toBe(403);
    const anonymous = await server.call('PUT', '/api/settings', null, {
      disabled_remotes: ['orders'],
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await disabled()).toEqual([]);
  });
});
