// The first start's files reach the worker's cache whichever comes first, the worker's taking
// control of the page or its being ready: a file still downloading then is handed over as it
// finishes (CI of stop 72: the dashboard's remoteEntry.js was in neither list).
import { registerServiceWorker } from './service-worker';

interface Entry {
  name: string;
  startTime: number;
}

const at = (path: string) => `${window.location.origin}${path}`;

/** navigator.serviceWorker, the resource timeline and its observers, driven by the test. */
function fakeBrowser({ controlled = false } = {}) {
  const observers: ((list: { getEntries: () => Entry[] }) => void)[] = [];
  class FakeObserver {
    constructor(private readonly callback: (list: { getEntries: () => Entry[] }) => void) {}
    observe() {
      observers.push(this.callback);
    }
    disconnect() {
      observers.splice(observers.indexOf(this.callback), 1);
    }
  }
  Object.defineProperty(globalThis, 'PerformanceObserver', {
    value: FakeObserver,
    configurable: true,
  });
  const timeline: Entry[] = [];
  let now = 0;
  // jsdom's performance has no resource timeline.
  Object.defineProperty(performance, 'getEntriesByType', {
    value: () => [...timeline],
    configurable: true,
  });
  jest.spyOn(performance, 'now').mockImplementation(() => now);

  const posted: unknown[] = [];
  const worker = { postMessage: (message: unknown) => posted.push(message) };
  const events = new EventTarget();
  let resolveReady: (registration: { active: typeof worker }) => void = () => undefined;
  const container = {
    controller: controlled ? worker : null,
    register: jest.fn(() => Promise.resolve({})),
    ready: new Promise((resolve) => {
      resolveReady = resolve;
    }),
    addEventListener: events.addEventListener.bind(events),
  };
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
  Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });

  return {
    posted,
    observing: () => observers.length,
    /** A file finished; past the timeline's buffer (250 entries) only observers see it. */
    finish(entry: Entry, { bufferFull = false } = {}) {
      if (!bufferFull) timeline.push(entry);
      for (const observer of observers) observer({ getEntries: () => [entry] });
    },
    takeControl(time: number) {
      now = time;
      container.controller = worker;
      events.dispatchEvent(new Event('controllerchange'));
    },
    async ready() {
      resolveReady({ active: worker });
      for (let tick = 0; tick < 5; tick += 1) await Promise.resolve();
    },
  };
}

afterEach(() => {
  jest.restoreAllMocks();
});

it('hands over a file still downloading when the worker took control before it was ready', async () => {
  const browser = fakeBrowser();
  registerServiceWorker();
  browser.finish({ name: at('/shell/1.0.0/main.js'), startTime: 1 });
  browser.takeControl(50);
  await browser.ready();
  // Asked for before the worker controlled the page, finished after: it went around the worker.
  browser.finish({ name: at('/remotes/inventory/2.0.0/remoteEntry.js'), startTime: 10 });
  // Asked for later: through the worker, which keeps it itself.
  browser.finish({ name: at('/remotes/inventory/2.0.0/dashboard.js'), startTime: 60 });

  expect(browser.posted).toEqual([
    { type: 'gudang:keep', urls: [at('/shell/1.0.0/main.js')] },
    { type: 'gudang:keep', urls: [at('/remotes/inventory/2.0.0/remoteEntry.js')], prune: false },
  ]);
});

it('hands over, once ready, a file finished before that the full timeline left out', async () => {
  const browser = fakeBrowser();
  registerServiceWorker();
  browser.finish({ name: at('/shell/1.0.0/main.js'), startTime: 1 });
  browser.finish(
    { name: at('/remotes/orders/3.0.0/remoteEntry.js'), startTime: 5 },
    { bufferFull: true },
  );
  await browser.ready();
  browser.takeControl(70);
  browser.finish({ name: at('/remotes/orders/3.0.0/page.js'), startTime: 80 });

  // main.js was in the first list: not sent again.
  expect(browser.posted).toEqual([
    { type: 'gudang:keep', urls: [at('/shell/1.0.0/main.js')] },
    { type: 'gudang:keep', urls: [at('/remotes/orders/3.0.0/remoteEntry.js')], prune: false },
  ]);
});

it('sends only the loaded files on a start the worker already controls', async () => {
  const browser = fakeBrowser({ controlled: true });
  registerServiceWorker();
  browser.finish({ name: at('/shell/1.0.0/main.js'), startTime: 1 });
  await browser.ready();
  browser.finish({ name: at('/shell/1.0.0/late.js'), startTime: 2 });

  expect(browser.posted).toEqual([{ type: 'gudang:keep', urls: [at('/shell/1.0.0/main.js')] }]);
});

it('stops watching a minute after the worker took control', async () => {
  jest.useFakeTimers();
  try {
    const browser = fakeBrowser();
    registerServiceWorker();
    browser.takeControl(50);
    await browser.ready();
    browser.finish({ name: at('/remotes/finance/1.0.0/remoteEntry.js'), startTime: 10 });
    jest.advanceTimersByTime(60_000);
    // Started before control, but finished after the watch ended: no longer handed over.
    browser.finish({ name: at('/remotes/finance/1.0.0/late.js'), startTime: 20 });

    expect(browser.posted).toEqual([
      { type: 'gudang:keep', urls: [] },
      { type: 'gudang:keep', urls: [at('/remotes/finance/1.0.0/remoteEntry.js')], prune: false },
    ]);
    expect(browser.observing()).toBe(0);
  } finally {
    jest.useRealTimers();
  }
});
