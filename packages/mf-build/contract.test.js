/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS, like the module it tests */
/* global describe, it, expect -- jest globals */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { contractFields, importedNames } = require('./contract');

function source(name, text) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gudang-contract-'));
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
}

describe('the API contract a remote uses (micro-frontend audit N5)', () => {
  it('reads every name imported from @gudang/api-client, type-only ones included', () => {
    const files = [
      source(
        'a.ts',
        [
          "import { baseApi, type Period as P } from '@gudang/api-client';",
          "import type { DashboardStats } from '@gudang/api-client';",
          "import { ShortOrderList } from '@gudang/api-client/contract';",
          "import { Button } from '@gudang/shared-ui';",
          "export type { RestockRow } from '@gudang/api-client';",
        ].join('\n'),
      ),
      source('b.tsx', "import type { Role } from '@gudang/api-client';\nexport const x = <b />;\n"),
    ];
    expect([...importedNames(files)].sort()).toEqual([
      'DashboardStats',
      'Period',
      'RestockRow',
      'Role',
      'ShortOrderList',
      'baseApi',
    ]);
    expect([
      ...importedNames([source('c.ts', "import * as api from '@gudang/api-client';")]),
    ]).toEqual(['*']);
  });

  it("reads a schema's fields: a rename, a type and optionality change the reading", () => {
    const schema = {
      type: 'object',
      required: ['totalStock', 'top'],
      properties: {
        totalStock: { type: 'integer' },
        note: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        period: { anyOf: [{ const: 'week' }, { const: 'all' }] },
        top: {
          type: 'array',
          items: { type: 'object', required: ['code'], properties: { code: { type: 'string' } } },
        },
      },
    };
    expect(contractFields(schema)).toEqual({
      '': 'object',
      note: '?null|string',
      period: '?"all"|"week"',
      top: 'array',
      'top[]': 'object',
      'top[].code': 'string',
      totalStock: 'integer',
    });
  });
});
