// The areas code against lib/core.ts (ClientCore, EventHandlers), never against the Client: the
// Client merges their handlers, and a change to its lifecycle cannot reach into an area.
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
