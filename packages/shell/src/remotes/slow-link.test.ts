// A slow link (issue 49: 64 kbit/s) is not a hung server: a manifest still arriving at the usual
// deadline waits on, up to the longer limit; one with nothing arriving on a fast link still fails
// at the usual deadline. linkLooksSlow decides where no bytes can be watched (scripts).
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import {
  RemoteTimeoutError,
  SlowLinkTimeoutError,
  fetchWithTimeout,
  isTimeout,
  linkLooksSlow,
  type LinkProbe,
} from './resilience-plugin';

/** A body sent in `parts` pieces, `gapMs` apart: a slow link (or, with stall, one that stops). */
function trickle(parts: number, gapMs: number, stallAfter?: number) {
  return () =>
    new HttpResponse(
      new ReadableStream<Uint8Array>({
        async start(controller) {
          for (let part = 0; part < parts; part += 1) {
            if (stallAfter !== undefined && part === stallAfter) {
              await delay('infinite');
            }
            controller.enqueue(new TextEncoder().encode(part === 0 ? '{"n":"' : 'x'));
            await delay(gapMs);
          }
          controller.enqueue(new TextEncoder().encode('"}'));
          controller.close();
        },
      }),
      { headers: { 'content-type': 'application/json' } },
    );
}

// The usual deadline (DEADLINE_MS) lies well inside the trickle's whole time (20 x 40 ms) and well
// above one gap between its pieces, so that a busy machine's late timers (CI runs this beside
// browsers) neither end the body before the deadline nor make one gap look like a stall.
const DEADLINE_MS = 300;
const server = setupServer(
  http.get('http://remotes.test/slow/mf-manifest.json', trickle(20, 40)),
  http.get('http://remotes.test/stall/mf-manifest.json', trickle(20, 40, 1)),
  http.get('http://remotes.test/hang/mf-manifest.json', async () => {
    await delay('infinite');
    return HttpResponse.json({});
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const never = () => false;

describe('fetchWithTimeout on a slow link', () => {
  it('waits on while the body is still arriving at the deadline, and hands it over whole', async () => {
    const response = await fetchWithTimeout(
      'http://remotes.test/slow/mf-manifest.json',
      {},
      DEADLINE_MS,
      {
        slowTimeoutMs: 5_000,
        isSlow: never,
      },
    );
    expect(await response.json()).toEqual({ n: 'x'.repeat(19) });
  });

  it('still fails a body that stopped arriving, and a request that never answers', async () => {
    const stalled = fetchWithTimeout(
      'http://remotes.test/stall/mf-manifest.json',
      {},
      DEADLINE_MS,
      {
        slowTimeoutMs: 5_000,
        isSlow: never,
      },
    );
    await expect(stalled).rejects.toBeInstanceOf(RemoteTimeoutError);
    const hung = fetchWithTimeout('http://remotes.test/hang/mf-manifest.json', {}, DEADLINE_MS, {
      slowTimeoutMs: 5_000,
      isSlow: never,
    });
    await expect(hung).rejects.toBeInstanceOf(RemoteTimeoutError);
    await expect(hung).rejects.not.toBeInstanceOf(SlowLinkTimeoutError);
  });

  it('on a link that looks slow, waits up to the longer limit and then says so', async () => {
    const error = await fetchWithTimeout('http://remotes.test/hang/mf-manifest.json', {}, 30, {
      slowTimeoutMs: 90,
      isSlow: () => true,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SlowLinkTimeoutError);
    expect(isTimeout(error)).toBe(true);
  });

  it('says slow link even when the first deadline fires past the longer limit (a busy machine)', async () => {
    // A timer that fires late, made certain: the longer limit is already over at the first check.
    const error = await fetchWithTimeout('http://remotes.test/hang/mf-manifest.json', {}, 30, {
      slowTimeoutMs: 20,
      isSlow: () => true,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SlowLinkTimeoutError);
  });
});

describe('linkLooksSlow', () => {
  const probe = (connection: LinkProbe['connection'], kbps: number[] = []): LinkProbe => ({
    connection,
    // Downloads of 16 kB, each taking what `kbps` says.
    resources: () =>
      kbps.map((rate) => ({ transferSize: 16_000, responseStart: 0, responseEnd: 128_000 / rate })),
  });

  it.each([
    [
      '64 kbit/s as the browser estimates it (DevTools throttling too)',
      probe({ downlink: 0.075 }),
      true,
    ],
    ['a 2G connection', probe({ effectiveType: '2g', downlink: 10 }), true],
    ['downloads measured at 64 kbit/s', probe(undefined, [60, 64, 70]), true],
    ['a fast connection', probe({ effectiveType: '4g', downlink: 10 }), false],
    ['fast downloads', probe(undefined, [20_000, 50_000]), false],
    ['nothing known', probe(undefined), false],
  ])('%s: %s', (_name, link, slow) => {
    expect(linkLooksSlow(link)).toBe(slow);
  });
});
