// The log's hook for a client that left: written at info, every other error as it came.
import Fastify from 'fastify';
import { Writable } from 'node:stream';
import { clientLeftAtInfo, logError } from './error-log';

function logger() {
  const lines: { level: number; msg: string; err?: { message: string } }[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as (typeof lines)[number]);
      done();
    },
  });
  // Fastify's own logger (pino), set as app.ts sets it.
  const { log } = Fastify({
    logger: {
      stream: sink,
      serializers: { err: logError },
      hooks: { logMethod: clientLeftAtInfo },
    },
  });
  return { log, lines };
}

describe('clientLeftAtInfo', () => {
  it("writes @fastify/compress's 'premature close' at info, not as an error", () => {
    const { log, lines } = logger();
    log.error(new Error('premature close'));
    expect(lines).toEqual([
      expect.objectContaining({
        level: 30,
        closed: 'client',
        msg: 'answer not finished: the client closed the connection',
      }),
    ]);
  });

  it('writes any other error, and any other line, as it came', () => {
    const { log, lines } = logger();
    log.error(new Error('connection refused'));
    log.warn('slow request: 2037 ms');
    log.error({ err: new Error('premature close') }, 'an error in an object stays');
    expect(lines.map((line) => [line.level, line.err?.message ?? line.msg])).toEqual([
      [50, 'connection refused'],
      [40, 'slow request: 2037 ms'],
      [50, 'premature close'],
    ]);
  });
});
