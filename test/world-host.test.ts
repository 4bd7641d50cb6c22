// Simulator.serve (lib/world-host.ts): its options are refused before anything changes, naming
// the argument; a fixture file's errors name the file (escaped) and never repeat its content;
// the console's peer log; a process's own world reports no joined peer id.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describePeerChanges } from '../lib/console/changes';
import { Simulator, type WorldDocument } from '../lib/testing';
import { checkServeOptions } from '../lib/world-host';
import { closeAll, freshWorld, type World } from './helpers';

let w: World;
beforeEach(() => {
  w = freshWorld();
});
afterEach(() => closeAll(w));

function withoutSavedAt(doc: WorldDocument): Omit<WorldDocument, 'savedAt'> {
  const { savedAt: _savedAt, ...rest } = doc;
  return rest;
}

const tmp = (): string => fs.mkdtempSync(path.join(os.tmpdir(), 'world-host-'));

describe('Simulator.serve refuses bad options before anything changes', () => {
  test.each([
    [{ host: 'example.com' }, TypeError, /options\.host must be an IP address/],
    [{ host: 5 }, TypeError, /options\.host must be a string/],
    [{ host: '' }, RangeError, /options\.host must not be empty/],
    [{ port: -1 }, RangeError, /options\.port must be between 0 and 65535/],
    [{ port: 65536 }, RangeError, /options\.port/],
    [{ port: 1.5 }, RangeError, /options\.port must be an integer/],
    [{ port: '4310' }, TypeError, /options\.port must be a number/],
    [{ hots: '127.0.0.1' }, TypeError, /options has an unknown option 'hots'/],
    [{ console: 5 }, TypeError, /options\.console must be an object/],
    [{ console: true }, TypeError, /options\.console must be an object/],
    [{ fixture: 7 }, TypeError, /options\.fixture must be an object/],
    [{ fixture: '' }, RangeError, /options\.fixture must not be empty/],
    [{ fixture: 'a\0b' }, TypeError, /options\.fixture must not contain NUL/],
    ['127.0.0.1', TypeError, /options must be an object/],
  ])('%j', async (options, type, message) => {
    const before = w.sim.save();
    const serving = Simulator.serve(options as never);
    await expect(serving).rejects.toThrow(type);
    await expect(serving).rejects.toThrow(message);
    expect(withoutSavedAt(w.sim.save())).toEqual(withoutSavedAt(before));
  });

  test('an error never repeats a bad value (it may be a secret put in the wrong place)', async () => {
    const secret = 'psim-secret-value-0123456789';
    await expect(Simulator.serve({ host: secret })).rejects.toThrow(/a string of length 28/);
    await expect(Simulator.serve({ host: secret })).rejects.not.toThrow(secret);
  });

  test("'localhost' and IP literals are taken; localhost means 127.0.0.1", () => {
    expect(checkServeOptions({ host: 'localhost' }).host).toBe('127.0.0.1');
    expect(checkServeOptions({ host: 'LOCALHOST' }).host).toBe('127.0.0.1');
    expect(checkServeOptions({ host: '::1' }).host).toBe('::1');
    expect(checkServeOptions({ host: '0.0.0.0', port: 4310 })).toMatchObject({ host: '0.0.0.0', port: 4310 });
    expect(checkServeOptions(undefined)).toEqual({ host: '127.0.0.1', port: 0, fixture: null, console: {} });
    expect(checkServeOptions({ console: false }).console).toBe(false);
  });
});

describe('a fixture file', () => {
  test('a missing file is a TypeError naming options.fixture and the path; the world is unchanged', async () => {
    const before = w.sim.save();
    const file = path.join(tmp(), 'no-such-world.json');
    await expect(Simulator.serve({ fixture: file })).rejects.toThrow(TypeError);
    await expect(Simulator.serve({ fixture: file })).rejects.toThrow(`options.fixture: no file at "${file}"`);
    expect(withoutSavedAt(w.sim.save())).toEqual(withoutSavedAt(before));
  });

  test('a folder is refused as not a regular file', async () => {
    await expect(Simulator.serve({ fixture: tmp() })).rejects.toThrow(/is not a regular file/);
  });

  test('a path with control characters is shown escaped (it cannot forge log lines)', async () => {
    const file = path.join(tmp(), 'evil\nline\u001b[31m.json');
    const err = await Simulator.serve({ fixture: file }).catch((e: Error) => e);
    expect(err).toBeInstanceOf(TypeError);
    expect((err as Error).message).toContain('evil\\x0aline\\x1b[31m.json');
    expect((err as Error).message).not.toContain('\n');
  });

  test('a file that is not JSON names the file, never its content', async () => {
    const file = path.join(tmp(), 'world.json');
    fs.writeFileSync(file, '{"users": [ secret-token-abcdef0123 ');
    const err = await Simulator.serve({ fixture: file }).catch((e: Error) => e);
    expect(err).toBeInstanceOf(TypeError);
    expect((err as Error).message).toMatch(/options\.fixture: ".*world\.json" is not JSON/);
    expect((err as Error).message).not.toContain('secret-token');
  });

  test('a document the simulator refuses names the file and the field; the world is unchanged', async () => {
    const before = w.sim.save();
    const file = path.join(tmp(), 'world.json');
    fs.writeFileSync(file, JSON.stringify({ ...before, users: [{ ...before.users[0]!, username: '' }] }));
    const err = await Simulator.serve({ fixture: file, console: false }).catch((e: Error) => e);
    expect(err).toBeInstanceOf(TypeError);
    expect((err as Error).message).toMatch(/^options\.fixture: ".*world\.json": doc\.users\[0\]\.username/);
    expect(withoutSavedAt(w.sim.save())).toEqual(withoutSavedAt(before));
  });
});

test("a process whose world is its own has no joined peer id", () => {
  expect(w.sim.joinedPeerId).toBeNull();
});

test("the console's log names processes joining and leaving the world", () => {
  const game = { id: 3, pid: 4242, program: 'game' };
  const launcher = { id: 4, pid: 4243, program: '' };
  expect(describePeerChanges(null, [game])).toEqual([]);
  expect(describePeerChanges([], [game])).toEqual(['process #3 (game, pid 4242) joined the world']);
  expect(describePeerChanges([game], [game, launcher])).toEqual(['process #4 (unnamed, pid 4243) joined the world']);
  expect(describePeerChanges([game, launcher], [launcher])).toEqual(['process #3 (game, pid 4242) left the world']);
  expect(describePeerChanges([game], [{ ...game, program: 'x'.repeat(100) }])).toEqual([]);
  expect(describePeerChanges([], [{ ...game, program: 'x'.repeat(100) }])).toEqual([`process #3 (${'x'.repeat(64)}…, pid 4242) joined the world`]);
});
