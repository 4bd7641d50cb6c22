// The areas code against lib/core.ts (ClientCore, EventHandlers), never against the Client: the
// Client merges their handlers, and a change to its lifecycle cannot reach into an area.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ROOT } from './helpers';

const AREAS = ['auth', 'users', 'relationships', 'presence', 'lobbies', 'messages', 'guilds', 'voice', 'activity',
  'core', 'dispatch', 'operations', 'tape', 'boundary'];

test.each(AREAS)('lib/%s.ts does not import lib/client.ts', (area) => {
  const source = fs.readFileSync(path.join(ROOT, 'lib', `${area}.ts`), 'utf8');
  const imports = [...source.matchAll(/from '([^']+)'/g)].map((m) => m[1]);
  expect(imports.length).toBeGreaterThan(0);
  expect(imports).not.toContain('./client');
});

// Startup (bench row 9): what only a file session store uses loads on first use, not at require.
test('requiring the package loads neither node:crypto nor node:fs/promises', () => {
  const script = [
    "const Module = require('node:module');",
    'const load = Module._load;',
    'const asked = [];',
    'Module._load = function (request, ...rest) { asked.push(request); return load.call(this, request, ...rest); };',
    `require(${JSON.stringify(path.join(ROOT, 'dist', 'cjs', 'index.js'))});`,
    'process.stdout.write(JSON.stringify(asked));',
  ].join('\n');
  const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
  expect(r.status).toBe(0);
  const asked = JSON.parse(r.stdout) as string[];
  expect(asked).toContain('./session/stores');  // the hook saw the package's own modules
  expect(asked.filter((m) => /^(node:)?(crypto|fs\/promises)$/.test(m))).toEqual([]);
});
