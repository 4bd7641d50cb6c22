// The prebuilt targets are named in three places that must agree: the platform table in
// docs/platforms.md (what users are promised), the build matrices of the prebuild workflow (what
// is built and tested) and the workflow's pack check (what the tarball must hold). The workflow
// cannot run here; this keeps a target from being added to, or dropped from, only one of them.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ROOT } from './helpers';

const workflow = fs.readFileSync(path.join(ROOT, '.github/workflows/prebuild.yml'), 'utf8');
const platforms = fs.readFileSync(path.join(ROOT, 'docs/platforms.md'), 'utf8');

function documented(): string[] {
  const rows = [...platforms.matchAll(/^\| `(\w+)` \| `(\w+)` \| yes \|/gm)];
  return rows.map((m) => `${m[1]}-${m[2]}`).sort();
}

test('every documented prebuilt target is built by the workflow and checked in its tarball', () => {
  const built = [...workflow.matchAll(/^\s+- target: ([\w-]+)\s*$/gm)].map((m) => m[1]!).sort();
  const packCheck = /for t in ([\w\- ]+); do/.exec(workflow)?.[1]?.trim().split(/\s+/).sort() ?? [];
  expect(documented()).toContain('win32-arm64');
  expect(documented().length).toBeGreaterThanOrEqual(6);
  expect(built).toEqual(documented());
  expect(packCheck).toEqual(documented());
});
