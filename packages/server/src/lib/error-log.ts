// How the log writes an error (the logger's `err` serializer, app.ts): its kind, code and where it
// was thrown, with every text bounded. A failed query's message, parameters and a row's detail
// hold the request's data (one preview: 17 MB in one log line), so they are cut or left out.

/** The longest text of an error the log keeps (message, query). */
const MAX_TEXT = 500;
/** Causes followed (drizzle wraps the database's error in one). */
const MAX_DEPTH = 3;

const bounded = (text: string) =>
  text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}… (${text.length} characters)` : text;

/** What the log writes of an error. */
export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

/** An error as a bounded object for the log. */
export function logError(error: unknown, depth = 0): LoggedError {
  if (typeof error !== 'object' || error === null)
    return { type: typeof error, message: bounded(String(error)), stack: '' };
  const fields = error as Record<string, unknown>;
  // drizzle's 'Failed query: <sql>\nparams: <every parameter>': the parameters are the data.
  const message = typeof fields.message === 'string' ? fields.message.split('\nparams:')[0] : '';
  const logged: LoggedError = {
    type: error.constructor.name,
    message: bounded(message ?? ''),
    // The stack's first line repeats the message: only the frames are kept.
    stack:
      typeof fields.stack === 'string'
        ? fields.stack
            .split('\n')
            .filter((line) => line.startsWith('    at '))
            .slice(0, 20)
            .join('\n')
        : '',
  };
  for (const key of ['code', 'statusCode', 'constraint', 'table', 'column', 'routine'])
    if (typeof fields[key] === 'string' || typeof fields[key] === 'number')
      logged[key] = fields[key];
  if (typeof fields.query === 'string') logged.query = bounded(fields.query);
  if (fields.cause !== undefined && depth < MAX_DEPTH)
    logged.cause = logError(fields.cause, depth + 1);
  return logged;
}

/** The message of the error a stream gives when its other end closed before it finished. */
const PREMATURE_CLOSE = 'premature close';

/**
 * The logger's `logMethod` hook (app.ts): @fastify/compress writes an answer whose client left
 * before it was sent (a page that changed its query cancels the request before) as an error,
 * 'premature close'. Nothing failed on the server: it is written at info, once, as that. Every
 * other line goes as it came.
 */
export function clientLeftAtInfo<Args extends unknown[]>(
  this: { info: (fields: object, message: string) => void },
  args: Args,
  method: (...args: Args) => void,
  level: number,
): void {
  const [first] = args;
  if (level >= 50 && first instanceof Error && first.message === PREMATURE_CLOSE) {
    this.info({ closed: 'client' }, 'answer not finished: the client closed the connection');
    return;
  }
  method.apply(this, args);
}
