// A bounded fuzz of every API operation: each route from /api/docs/json, as anonymous,
// admin and manager, with hostile bodies, queries, path values and tokens. Local only (BASE must
// be http://127.0.0.1:<port>, a server with the demo accounts). Prints the count per status and
// every 5xx; exits 1 if there was one.
//   BASE=http://127.0.0.1:8321 npx tsx packages/server/bench/fuzz.ts
import http from 'node:http';
import { createSigner } from 'fast-jwt';

const base = new URL(process.env.BASE ?? 'http://127.0.0.1:8321');
if (base.hostname !== '127.0.0.1') throw new Error('BASE must be http://127.0.0.1:<port>');

interface Answer {
  status: number;
  body: string;
}

function send(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
  from = '127.0.0.1',
): Promise<Answer> {
  return new Promise((resolve) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: base.port,
        path,
        method,
        localAddress: from,
        headers:
          body === undefined ? headers : { ...headers, 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    request.setTimeout(15_000, () => request.destroy(new Error('timeout')));
    request.on('error', (error) => resolve({ status: 0, body: String(error) }));
    request.end(body);
  });
}

const json = { 'content-type': 'application/json' };

async function signIn(email: string, password: string, from: string): Promise<string> {
  const answer = await send(
    'POST',
    '/api/auth/login',
    json,
    JSON.stringify({ email, password }),
    from,
  );
  if (answer.status !== 200) throw new Error(`sign-in of ${email}: ${answer.status}`);
  return (JSON.parse(answer.body) as { token: string }).token;
}

const BIG = 'x'.repeat(100_000);
const VALUES: unknown[] = [
  null,
  true,
  -1,
  0,
  2 ** 31,
  2 ** 53 + 1,
  1.5,
  '1e309',
  'NaN',
  '',
  ' ',
  BIG,
  'ꦲ'.repeat(5000),
  'a\u0000b',
  'a\r\nb',
  '\u202eabc',
  '\ud800',
  "'; drop table users; --",
  '%_\\',
  '2024-02-30',
  '0000-00-00',
  '9999-12-31',
  '<img src=x onerror=alert(1)>',
  ['a'],
  { nested: { deeper: [1, 2, 3] } },
  { __proto__: { admin: true } },
];
const PATH_VALUES = [
  '0',
  '-1',
  '99999999999999999999',
  'abc',
  '%00',
  '..%2f..%2fetc',
  '%F0%9F%92%A9',
  'x'.repeat(300),
];
const WHOLE_BODIES = [
  '',
  'null',
  '[]',
  '"text"',
  '{',
  '{"a":',
  '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]',
  '{"__proto__":{"x":1}}',
];

/** A value as query text; a lone surrogate goes as the invalid UTF-8 bytes it would be. */
function queryValue(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

interface Operation {
  method: string;
  path: string;
  fields: string[];
  query: string[];
}

async function operations(): Promise<Operation[]> {
  const answer = await send('GET', '/api/docs/json', {});
  const document = JSON.parse(answer.body) as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: { in: string; name: string }[];
          requestBody?: {
            content?: Record<string, { schema?: { properties?: Record<string, unknown> } }>;
          };
        }
      >
    >;
  };
  const result: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths))
    for (const [method, operation] of Object.entries(methods)) {
      const schema = operation.requestBody?.content?.['application/json']?.schema;
      result.push({
        method: method.toUpperCase(),
        path,
        fields: Object.keys(schema?.properties ?? {}),
        query: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      });
    }
  return result;
}

async function main() {
  const statuses: Record<number, number> = {};
  const errors: string[] = [];
  let count = 0;
  const record = (label: string, answer: Answer) => {
    count++;
    statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
    if (answer.status >= 500 || answer.status === 0)
      errors.push(`${label}: ${answer.status} ${answer.body.slice(0, 200)}`);
  };
  const secret = process.env.JWT_SECRET;
  const tokens: Record<string, string | null> = {
    anonymous: null,
    admin: await signIn('admin@gudang.test', 'admin123', '127.0.0.201'),
    manager: await signIn('manager@gudang.test', 'manager123', '127.0.0.202'),
  };
  const forged = [
    'Bearer not.a.token',
    `Bearer ${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"sub":"1","role":"manager"}').toString('base64url')}.`,
  ];
  if (secret !== undefined)
    forged.push(
      `Bearer ${createSigner({ key: secret })({ sub: '1', role: 'manager', email: 'x', name: 'x' })}`,
    );

  for (const operation of await operations()) {
    // Ending sessions is tried last, with tokens of their own.
    if (operation.path.startsWith('/api/auth/logout')) continue;
    // Signing in is throttled per address: from addresses of its own.
    const from =
      operation.path === '/api/auth/login'
        ? () => `127.0.1.${1 + (count % 250)}`
        : () => '127.0.0.1';
    for (const [role, token] of Object.entries(tokens)) {
      const headers: Record<string, string> =
        token === null ? { ...json } : { ...json, authorization: `Bearer ${token}` };
      const paths = operation.path.includes('{')
        ? PATH_VALUES.map((value) => operation.path.replace(/\{[^}]+\}/g, value))
        : [operation.path];
      for (const path of paths) {
        const label = `${role} ${operation.method} ${path.slice(0, 80)}`;
        if (operation.method === 'GET' || operation.method === 'DELETE') {
          record(label, await send(operation.method, path, headers, undefined, from()));
          for (const name of operation.query)
            for (const value of VALUES)
              record(
                `${label}?${name}`,
                await send(
                  operation.method,
                  `${path}?${name}=${queryValue(value)}`,
                  headers,
                  undefined,
                  from(),
                ),
              );
        } else {
          for (const body of WHOLE_BODIES)
            record(`${label} body`, await send(operation.method, path, headers, body, from()));
          for (const field of operation.fields)
            for (const value of VALUES)
              record(
                `${label} ${field}`,
                await send(
                  operation.method,
                  path,
                  headers,
                  JSON.stringify({ [field]: value }),
                  from(),
                ),
              );
        }
      }
    }
    for (const authorization of forged)
      record(
        `forged ${operation.method} ${operation.path}`,
        await send(
          operation.method,
          operation.path.replace(/\{[^}]+\}/g, '999999'),
          { ...json, authorization },
          operation.method === 'GET' ? undefined : '{}',
        ),
      );
  }
  for (const path of ['/api/auth/logout', '/api/auth/logout-all'])
    for (const body of [undefined, '{}', '{"x":1}', BIG]) {
      const token = await signIn('manager@gudang.test', 'manager123', '127.0.0.203');
      record(
        `manager POST ${path}`,
        await send('POST', path, { ...json, authorization: `Bearer ${token}` }, body),
      );
      record(`anonymous POST ${path}`, await send('POST', path, json, body));
    }
  console.log(
    JSON.stringify({
      requests: count,
      statuses,
      errors: errors.slice(0, 20),
      errorCount: errors.length,
    }),
  );
  process.exitCode = errors.length === 0 ? 0 : 1;
}

void main();
