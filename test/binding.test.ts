// The TS declaration of the native binding (lib/binding.ts, lib/native-client.ts) against what the addon really exports:
// the same member names, both ways, for the module, NativeClient, the simulator controls and
// AuthorizationArgs. A method added or renamed on one side only fails here, not at a user's call.
// And the default addon (the one `npm install` builds and the prebuilds ship) carries none of the
// benchmark's scaffolding: that is built only with -DPLATFORM_BENCH_HOOKS=ON (bench/addon-build.mjs).
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';
import { addon } from '../lib/addon-loader';

const ROOT = path.join(__dirname, '..');

// The member names of each interface declared in lib/binding.ts and lib/native-client.ts (NativeClient's
// methods, generated from native/boundary/methods.schema); an interface declared in both has the members of both.
function declaredMembers(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const name of ['binding.ts', 'native-client.ts']) {
    const file = path.join(ROOT, 'lib', name);
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    source.forEachChild((node) => {
      if (!ts.isInterfaceDeclaration(node)) return;
      const names = node.members.flatMap((m) => (m.name && (ts.isIdentifier(m.name) || ts.isStringLiteral(m.name)) ? [m.name.text] : []));
      out.set(node.name.text, [...(out.get(node.name.text) ?? []), ...names]);
    });
  }
  return out;
}

const sorted = (names: Iterable<string>) => [...new Set(names)].sort();
const declared = declaredMembers();
const members = (name: string) => {
  const list = declared.get(name);
  if (!list) throw new Error(`lib/binding.ts declares no interface ${name}`);
  return sorted(list);
};
const ownNames = (proto: object) => sorted(Object.getOwnPropertyNames(proto).filter((n) => n !== 'constructor'));

test('the module exports exactly what NativeBinding declares', () => {
  expect(sorted(Object.keys(addon()))).toEqual(members('NativeBinding'));
});

test("NativeClient's methods are exactly what the NativeClient interface declares", () => {
  expect(ownNames(addon().NativeClient.prototype)).toEqual(members('NativeClient'));
});

test('the simulator controls are exactly what NativeSimulator declares', () => {
  expect(sorted(Object.keys(addon().sim))).toEqual(members('NativeSimulator'));
});

test("AuthorizationArgs' properties are exactly what NativeAuthorizationArgs declares", () => {
  expect(ownNames(addon().AuthorizationArgs.prototype)).toEqual(members('NativeAuthorizationArgs'));
});

test('the default addon has no benchmark scaffolding', () => {
  expect(Object.keys(addon())).not.toContain('bench');
  // Not only unexported: not compiled in (bench_exports.cc's entry points are named in the binary).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const file = (require('node-gyp-build') as { resolve(dir: string): string }).resolve(ROOT);
  const binary = fs.readFileSync(file).toString('latin1');
  expect(binary).toContain('setCallSelfMute');  // the probe reads the right file
  for (const name of ['naiveAttach', 'naiveDispatch', 'queueMessages', 'audioFloor']) expect(binary).not.toContain(name);
});
