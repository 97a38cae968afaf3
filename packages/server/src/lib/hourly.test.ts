import { everyHour } from './hourly';

describe('everyHour', () => {
  afterEach(() => jest.useRealTimers());

  it('runs now and every hour, never two runs at once, and stop() waits for the run under way', async () => {
    jest.useFakeTimers();
    let finish: () => void = () => undefined;
    let runs = 0;
    const job = () => {
      runs += 1;
      return new Promise<void>((resolve) => (finish = resolve));
    };
    const schedule = everyHour(job);
    expect(runs).toBe(1);
    // The first run is still going when the hour strikes: not started again.
    jest.advanceTimersByTime(60 * 60 * 1000);
    expect(runs).toBe(1);
    finish();
    await Promise.resolve();
    await Promise.resolve();
    jest.advanceTimersByTime(60 * 60 * 1000);
    expect(runs).toBe(2);

    let stopped = false;
    const stopping = schedule.stop().then(() => (stopped = true));
    await Promise.resolve();
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(stopped).toBe(true);
    // No run after stop.
    jest.advanceTimersByTime(3 * 60 * 60 * 1000);
    expect(runs).toBe(2);
  });
});
