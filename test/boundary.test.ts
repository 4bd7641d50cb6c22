// The native→JS boundary is declared once (native/boundary/boundary.schema) and both sides are generated
// from it and committed: native/boundary/boundary_kinds.h, native/boundary/boundary_codecs.{h,cc} and lib/boundary.ts.
// These tests keep them in step: a hand edit to a generated file, or a schema change without
// regenerating, fails here instead of decoding silently as a wrong value.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ROOT } from './helpers';

const GENERATOR = path.join(ROOT, 'scripts/gen-boundary.mjs');
const schema = fs.readFileSync(path.join(ROOT, 'native/boundary/boundary.schema'), 'utf8');

function check(schemaText?: string): { status: number | null; stderr: string } {
  const args = [GENERATOR, '--check'];
  if (schemaText !== undefined) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'boundary-'));
    const file = path.join(dir, 'boundary.schema');
    fs.writeFileSync(file, schemaText);
    args.push(`--schema=${file}`);
  }
  const r = spawnSync(process.execPath, args, { encoding: 'utf8' });
  return { status: r.status, stderr: r.stderr };
}

test('the committed generated files are what native/boundary/boundary.schema generates', () => {
  const r = check();
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
});

test('two fields of a record swapped in the declaration: both sides are out of step', () => {
  const swapped = schema.replace('  content str\n  rawContent str\n', '  rawContent str\n  content str\n');
  expect(swapped).not.toBe(schema);
  const r = check(swapped);
  expect(r.status).toBe(1);
  expect(r.stderr).toContain('native/boundary/boundary_codecs.cc');
  expect(r.stderr).toContain('lib/boundary.ts');
});

test('an event kind renumbered in the declaration: the C++ enum and the TS kinds are out of step', () => {
  const renumbered = schema.replace('event LobbyCreated 9\n', 'event LobbyCreated 40\n');
  expect(renumbered).not.toBe(schema);
  const r = check(renumbered);
  expect(r.status).toBe(1);
  expect(r.stderr).toContain('native/boundary/boundary_kinds.h');
  expect(r.stderr).toContain('lib/boundary.ts');
});

test('a field type changed in the declaration: the typed writer and the reader are out of step', () => {
  const retyped = schema.replace('event NoAudioInput 25\n  inputDetected bool\n', 'event NoAudioInput 25\n  inputDetected num\n');
  expect(retyped).not.toBe(schema);
  const r = check(retyped);
  expect(r.status).toBe(1);
  expect(r.stderr).toContain('native/boundary/boundary_codecs.h');
  expect(r.stderr).toContain('lib/boundary.ts');
});

test('a kind used twice or a type nobody declared is refused', () => {
  const twice = check(schema.replace('event LobbyUpdated 10\n', 'event LobbyUpdated 9\n'));
  expect(twice.status).not.toBe(0);
  expect(twice.stderr).toContain('kind 9 used twice');
  const unknown = check(schema.replace('  lastMessageId id\n', '  lastMessageId snowflake\n'));
  expect(unknown.status).not.toBe(0);
  expect(unknown.stderr).toContain('unknown type snowflake');
  // A shared record holding a shared field: the two sides would number them differently.
  const nested = check(schema.replace('record User UserData\n', 'record User UserData\n  self User? shared id\n'));
  expect(nested.status).not.toBe(0);
  expect(nested.stderr).toContain('must not itself hold a shared field');
});
