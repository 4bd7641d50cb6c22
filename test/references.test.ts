// Every repository path that a doc or a comment names must exist: a file moved or renamed
// without its mentions leaves the next reader looking for something that is not there
// (CMakeLists.txt named native/sdk_loader.cc long after it became sdk_library.cc).
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

const root = path.join(__dirname, '..');
// A path below one of the project's top-level folders, with an extension; placeholders such as
// client_wrap_<area>.cc and globs are patterns, not references.
const REFERENCE = /(?<![\w./-])((?:native|simulator|lib|docs|vendor|scripts|test|bench|examples|\.ci)\/[\w./@-]*\w\.(?:cc|h|ts|md|mjs|js|inc|def|json|cmake|sh))(?![\w*<])/g;
const SCANNED = /\.(md|ts|cc|h|mjs|js|inc|def|cmake|yml)$|(^|\/)CMakeLists\.txt$|^\.ci\/run$/;

function trackedFiles(): string[] {
  // This file names stale paths on purpose (its examples).
  return execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).split('\n')
    .filter((f) => SCANNED.test(f) && f !== 'test/references.test.ts');
}

// lib/x.js in docs means the compiled lib/x.ts.
function exists(ref: string): boolean {
  return fs.existsSync(path.join(root, ref)) || (ref.endsWith('.js') && fs.existsSync(path.join(root, ref.slice(0, -3) + '.ts')));
}

export function staleReferences(files: readonly string[], read: (file: string) => string): string[] {
  const stale: string[] = [];
  for (const file of files) {
    // An #include names a path below native/ or an include folder, not below the repository root.
    for (const m of read(file).replace(/^#\s*include\s+"[^"]*"/gm, '').matchAll(REFERENCE)) {
      const ref = m[1] as string;
      if (!exists(ref)) stale.push(`${file} names ${ref}`);
    }
  }
  return stale;
}

describe('references to files', () => {
  it('finds a stale reference (the check can fail)', () => {
    expect(staleReferences(['CMakeLists.txt'], () => 'loads it at run time (native/sdk_loader.cc), so')).toEqual([
      'CMakeLists.txt names native/sdk_loader.cc',
    ]);
    expect(staleReferences(['a.md'], () => 'see native/client_wrap_<area>.cc and lib/client.js')).toEqual([]);
    // simulator/ is checked too: its sources are in folders by role, not flat.
    expect(staleReferences(['a.md'], () => 'see simulator/directory.cc, simulator/model/directory/directory.cc')).toEqual([
      'a.md names simulator/directory.cc',
    ]);
  });

  it('every path named in the docs, comments and build files exists', () => {
    const files = trackedFiles();
    expect(files.length).toBeGreaterThan(200);
    expect(staleReferences(files, (f) => fs.readFileSync(path.join(root, f), 'utf8'))).toEqual([]);
  });
});
