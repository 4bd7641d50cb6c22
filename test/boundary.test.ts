// The native→JS boundary is declared once (native/boundary/boundary.schema) and both sides are generated
// from it and committed: native/boundary/boundary_kinds.h, native/boundary/boundary_codecs.{h,cc}, lib/boundary.ts
// and the tests' tape encoder, test/generated/tape-writers.ts.
// These tests keep them in step: a hand edit to a generated file, or a schema change without
// regenerating, fails here instead of decoding silently as a wrong value.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ROOT } from './helpers';

const GENERATOR = path.join(ROOT, 'scripts/gen-boundary.mjs');
const schema = fs.readFileSync(path.join(ROOT, 'native/boundary/boundary.schema'), 'utf8');
const methods = fs.readFileSync(path.join(ROOT, 'native/boundary/methods.schema'), 'utf8');
const header = fs.readFileSync(path.join(ROOT, 'vendor/platform-sdk/include/cplatform.h'), 'utf8');

function edited(text: string, from: string, to: string): string {
  const out = text.replace(from, to);
  expect(out).not.toBe(text);
  return out;
}

// `methodsText`: another method table (native/boundary/methods.schema) with the committed schema;
// `headerText`: another cplatform.h (the enums are checked against it).
function check(schemaText?: string, methodsText?: string, headerText?: string): { status: number | null; stderr: string } {
  const args = [GENERATOR, '--check'];
  const dir = schemaText === undefined && methodsText === undefined && headerText === undefined ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'boundary-'));
  if (dir !== null && headerText !== undefined) {
    const file = path.join(dir, 'cplatform.h');
    fs.writeFileSync(file, headerText);
    args.push(`--header=${file}`);
  }
  if (dir !== null && schemaText !== undefined) {
    const file = path.join(dir, 'boundary.schema');
    fs.writeFileSync(file, schemaText);
    args.push(`--schema=${file}`);
  }
  if (dir !== null && methodsText !== undefined) {
    const file = path.join(dir, 'methods.schema');
    fs.writeFileSync(file, methodsText);
    args.push(`--methods=${file}`);
  }
  try {
    const r = spawnSync(process.execPath, args, { encoding: 'utf8' });
    return { status: r.status, stderr: r.stderr };
  } finally {
    if (dir !== null) fs.rmSync(dir, { recursive: true, force: true });
  }
}

test('the committed generated files are what native/boundary/boundary.schema generates', () => {
  const r = check();
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
});

test('two fields of a record swapped in the declaration: both sides are out of step', () => {
  const swapped = schema.replace('  sentTimestamp num\n  editedTimestamp num\n', '  editedTimestamp num\n  sentTimestamp num\n');
  expect(swapped).not.toBe(schema);
  const r = check(swapped);
  expect(r.status).toBe(1);
  expect(r.stderr).toContain('native/boundary/boundary_codecs.cc');
  expect(r.stderr).toContain('lib/boundary.ts');
  // The tests' tape encoder too: the tapes the tests write follow the declaration.
  expect(r.stderr).toContain('test/generated/tape-writers.ts');
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
  const nested = check(schema.replace('record User UserData decode\n', 'record User UserData decode\n  self User? shared id\n'));
  expect(nested.status).not.toBe(0);
  expect(nested.stderr).toContain('must not itself hold a shared field');
});

// A batch-shared record (`shared <key> batch`, EventTape::BatchRef) is a back-reference only
// when equal in every field: the generated comparison must name each of the record's fields, so a
// user renamed (or whose status changed) between two messages of one batch crosses as two Users.
// The simulator cannot change a user between two callbacks of one RunCallbacks, so this is where
// the comparison itself is checked; test/batch-authors.test.ts checks the tags it leads to.
test('the batch comparison of a User covers every field of the record', () => {
  const user = /^record User UserData decode\n((?: {2}.*\n)+)/m.exec(schema);
  expect(user).not.toBeNull();
  const fields = user![1]!.trim().split('\n').map((l) => l.trim().split(/\s+/)[0]);
  expect(fields).toEqual(expect.arrayContaining(['id', 'username', 'displayName', 'globalName', 'avatar', 'status']));
  const codecs = fs.readFileSync(path.join(ROOT, 'native/boundary/boundary_codecs.cc'), 'utf8');
  const same = /bool SameUser\(const UserData &a, const UserData &b\) \{\n {2}return (.*);\n\}/.exec(codecs);
  expect(same).not.toBeNull();
  expect(same![1]!.split(' && ').sort()).toEqual(fields.map((f) => `a.${f} == b.${f}`).sort());
  // And the tape compares with it, not with the key alone.
  const tapeSource = fs.readFileSync(path.join(ROOT, 'native/boundary/event_tape.cc'), 'utf8');
  const batchRef = tapeSource.slice(tapeSource.indexOf('bool EventTape::BatchRef'), tapeSource.indexOf('EventTape::Mark EventTape::Begin'));
  expect(batchRef).toMatch(/if \(SameBatchRecord\(entry\.record, record\)\)/);
  expect(codecs + fs.readFileSync(path.join(ROOT, 'native/boundary/boundary_codecs.h'), 'utf8')).toContain('inline bool SameBatchRecord(const BatchRecord &a, const BatchRecord &b) { return SameUser(a, b); }');
  expect(batchRef).not.toMatch(/\.id ==/);
});

test('batch-shared fields hold one record type (the one the tape keeps copies of)', () => {
  const r = check(schema.replace('  author User? shared authorId batch\n', '  author User? shared authorId batch\n  extra AdditionalContent? shared authorId batch\n'));
  expect(r.status).toBe(1);
  expect(r.stderr).toContain('one record type can be shared across a batch (EventTape\'s table holds User records)');
});

// A payload's fields are read in schema order by generated code only (lib/boundary.ts: read<X>,
// decode<Record>, read<X>With taking the readers of its records): a module that read a layout
// itself (lib/messages.ts read the message events' [messageId, hasMessage, Message] so) is a mirror
// the schema cannot update. lib/tape.ts holds the primitives; an event's header (result()) is the
// tape's own, read by lib/dispatch.ts.
test('no module of lib/ but the generated one reads a field of a tape', () => {
  const files = fs.readdirSync(path.join(ROOT, 'lib'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !['boundary.ts', 'tape.ts'].includes(f));
  expect(files.length).toBeGreaterThan(20);
  const reads = files.flatMap((f) => {
    const code = fs.readFileSync(path.join(ROOT, 'lib', f), 'utf8');
    return [...code.matchAll(/\b\w+\.(?:num|bool|str|optStr|id|optId|optNum|ids|map)\(\)|\.(?:shared|list)\(\s*(?:read|decode)\w*|\.same\(/g)]
      .map((m) => `${f}: ${m[0]}`);
  });
  expect(reads).toEqual([]);
});

// decodeMessage (lib/boundary.ts, generated for the schema's `record Message … decode`) reads the
// record straight-line, each field under its schema line. It is generated, so the committed file's
// check above keeps it in step with the schema; this one checks the generator reads every field, in
// order, and hands them on in it (a field left out or moved would decode as the wrong value).
// lib/messages.ts's newMessage takes them positionally: test/message-tape.test.ts compares what it
// builds with readMessage's, field by field.
test('decodeMessage reads the schema\'s Message record, field by field in its order', () => {
  const decl = /^record Message \S+ decode\n((?: {2}.*\n)+)/m.exec(schema);
  expect(decl).not.toBeNull();
  const expected = decl![1]!.trim().split('\n').map((l) => l.trim().replace(/\s+/g, ' '));
  const boundary = fs.readFileSync(path.join(ROOT, 'lib/boundary.ts'), 'utf8');
  const reader = boundary.slice(boundary.indexOf('export function decodeMessage<C, T>(r: TapeReader'));
  const body = reader.slice(0, reader.indexOf('\n}\n'));
  expect(expected.length).toBeGreaterThan(10);
  expect([...body.matchAll(/^ {2}\/\/ (\w+ \S+(?: .*)?)$/gm)].map((m) => m[1])).toEqual(expected);
  const handed = /return make\(([^)]*)\);/.exec(body)?.[1]?.split(',').map((a) => a.trim());
  expect(handed).toEqual(['c', ...expected.map((f) => f.split(' ')[0])]);
});

test('a record modifier other than `decode` is refused', () => {
  const r = check(schema.replace('record Message MessageData decode\n', 'record Message MessageData decoded\n'));
  expect(r.status).toBe(1);
  expect(r.stderr).toContain('[decode]');
});

test('a declaration line with a word its form lacks is refused, not ignored', () => {
  for (const [from, to] of [
    ['record Message MessageData decode\n', 'record Message decode\n'],
    ['record Guild GuildData\n', 'record Guild GuildData extra\n'],
  ]) {
    const r = check(schema.replace(from!, to!));
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/boundary\.schema:\d+: expected "record <Name>/);
  }
});

test('a decode record may not name a field as the decoder names its own variables', () => {
  const r = check(schema.replace('record Message MessageData decode\n', 'record Message MessageData decode\n  text str\n'));
  expect(r.status).toBe(1);
  expect(r.stderr).toMatch(/boundary\.schema:\d+: field name 'text' is one decodeMessage uses itself/);
});

// `str same <field>` (a message's rawContent): -2 when equal to the field before it. It must name
// the str field just before it (JS reads it as that value); anything else is refused.
test('a `same` field must name an earlier str field', () => {
  const r = check(schema.replace('  rawContent str same content\n', '  rawContent str same id\n'));
  expect(r.status).toBe(1);
  expect(r.stderr).toContain('an earlier str field of the declaration');
});

// The method table (native/boundary/methods.schema): NativeClient's declarations, decoders,
// registration and TS interface are generated from it and committed like the codecs.
test('a method added to the table without regenerating: its declarations, decoders and TS type are out of step', () => {
  const added = methods.replace('method getLobbyIds -> id[]\n', 'method getLobbyIds -> id[]\nmethod getLobbyCount -> num\n');
  expect(added).not.toBe(methods);
  const r = check(undefined, added);
  expect(r.status).toBe(1);
  expect(r.stderr).toContain('native/client/client_methods.h');
  expect(r.stderr).toContain('native/client/client_wrap_lobbies_methods.inc');
  expect(r.stderr).toContain('native/client/client_wrap_methods.inc');  // the registration
  expect(r.stderr).toContain('lib/native-client.ts');
});

test("an argument's check changed in the table: the decoder and the TS type are out of step", () => {
  const retyped = methods.replace('  httpTimeoutMs int 1 INT32_MAX\n', '  httpTimeoutMs num 1 INT32_MAX\n');
  expect(retyped).not.toBe(methods);
  const r = check(undefined, retyped);
  expect(r.status).toBe(1);
  expect(r.stderr).toContain('native/client/client_wrap_methods.inc');
  expect(r.stderr).toContain('native/client/client_methods.h');
});

test('an operation must name a completion of boundary.schema, and a method its area', () => {
  const unknown = check(undefined, methods.replace('method leaveLobby op Done\n', 'method leaveLobby op Left\n'));
  expect(unknown.status).not.toBe(0);
  expect(unknown.stderr).toContain('leaveLobby: no completion Left in native/boundary/boundary.schema');
  const orphan = check(undefined, methods.replace(/^area core client_wrap\.cc\n/m, ''));
  expect(orphan.status).not.toBe(0);
  expect(orphan.stderr).toContain('a method before any area');
});

test('an argument of an unknown type, a number without its range or a value without its TS type is refused', () => {
  const snowflake = check(undefined, methods.replace('  applicationId id\n', '  applicationId snowflake\n'));
  expect(snowflake.status).not.toBe(0);
  expect(snowflake.stderr).toContain('expected "<name> <id|id0|str|int|enum|uint32|num|bool|map|value>[?]');
  const unbounded = check(undefined, edited(methods, '  httpTimeoutMs int 1 INT32_MAX\n', '  httpTimeoutMs int\n'));
  expect(unbounded.status).not.toBe(0);
  expect(unbounded.stderr).toContain('httpTimeoutMs: a number needs "<min> <max>"');
  const untyped = check(undefined, methods.replace('  activity value as NativeActivityInput\n', '  activity value\n'));
  expect(untyped.status).not.toBe(0);
  expect(untyped.stderr).toContain('activity: a value needs "as <TS type>"');
});

test('methods sharing a member template must take the same arguments', () => {
  const r = check(undefined, methods.replace(
    'method unblockUser op Done = RelationshipAction<&platformpp::Client::UnblockUser>\n  userId id\n',
    'method unblockUser op Done = RelationshipAction<&platformpp::Client::UnblockUser>\n  username str\n'));
  expect(r.status).not.toBe(0);
  expect(r.stderr).toContain('unblockUser and acceptPlatformFriendRequest share the template RelationshipAction but not its arguments');
});

// An area renamed or removed leaves its old decoders file behind; the build would still compile it
// if an area's file included it. --check names every client_wrap_*_methods.inc no area generates.
test('an area renamed in the table: its old decoders file is named as generated by nothing now', () => {
  const r = check(undefined, edited(methods, 'area lobbies client_wrap_lobbies.cc\n', 'area lobbies client_wrap_rooms.cc\n'));
  expect(r.status).toBe(1);
  expect(r.stderr).toContain('generated before, but by no area of native/boundary/methods.schema now (renamed or removed?): native/client/client_wrap_lobbies_methods.inc');
});

// An SDK enum's argument (`<name> enum <Enum>`) takes its range from the enum's declaration in
// boundary.schema, itself checked against cplatform.h, and its bounds are the C members: the native
// check cannot go stale while lib/sdk-enums.ts follows the vendor.
test('an enum argument checks the range of its declared enum, bounded by the C members', () => {
  const auth = fs.readFileSync(path.join(ROOT, 'native/client/client_wrap_auth_methods.inc'), 'utf8');
  expect(auth).toContain('ArgInt32(info, 1, "tokenType", static_cast<int32_t>(Platform_AuthorizationTokenType_User), static_cast<int32_t>(Platform_AuthorizationTokenType_Bearer))');
  const relationships = fs.readFileSync(path.join(ROOT, 'native/client/client_wrap_relationships_methods.inc'), 'utf8');
  expect(relationships).toContain('ArgInt32(info, 0, "group", -1, static_cast<int32_t>(Platform_RelationshipGroupType_Offline))');
  // No SDK enum's range is written by hand any more.
  expect(methods).not.toMatch(/^ {2}(minSeverity|externalAuthType|tokenType|animatedType|staticType|audioMode|status|group|thread) int/m);
});

/** The check failed, its message naming each of `causes`. */
function expectFails(r: { status: number | null; stderr: string }, ...causes: (string | RegExp)[]): void {
  expect(r.status).toBe(1);
  for (const cause of causes) expect(r.stderr).toMatch(cause);
}

test('a member the vendor adds to an enum, once declared, moves the bound of the methods taking it', () => {
  const newHeader = edited(header, '    Platform_AuthorizationTokenType_Bearer = 1,\n', '    Platform_AuthorizationTokenType_Bearer = 1,\n    Platform_AuthorizationTokenType_Bot = 2,\n');
  // Not declared yet: the generator stops, naming it.
  expectFails(check(undefined, undefined, newHeader), 'enum TokenType: cplatform.h\'s Platform_AuthorizationTokenType_Bot = 2 is not declared');
  // Declared: updateToken's and fetchCurrentUser's decoders now accept it.
  const declared = edited(schema, '  user 0\n  bearer 1\n', '  user 0\n  bearer 1\n  bot 2\n');
  expectFails(check(declared, undefined, newHeader), 'native/client/client_wrap_auth_methods.inc', 'lib/sdk-enums.ts');
});

test('a member renumbered in cplatform.h stops the generator; declared so, a gap in an argument\'s range is refused', () => {
  const renumbered = edited(header, 'Platform_LoggingSeverity_None = 5,', 'Platform_LoggingSeverity_None = 6,');
  expectFails(check(undefined, undefined, renumbered), 'enum LogLevel member none is 5 here, but cplatform.h has Platform_LoggingSeverity_None = 6');
  const declared = edited(schema, '  error 4\n  none 5\n', '  error 4\n  none 6\n');
  expectFails(check(declared, undefined, renumbered), /methods\.schema:\d+: minSeverity: the values it accepts \(1, 2, 3, 4, 6: LogLevel\) have a gap/);
});

test('an enum argument must name a declared enum, and members of it', () => {
  expectFails(check(undefined, edited(methods, '  status enum StatusType\n', '  status enum Status\n')), 'status: no enum Status in native/boundary/boundary.schema');
  expectFails(check(undefined, edited(methods, '  audioMode enum AudioModeName vad ptt\n', '  audioMode enum AudioModeName vad loud\n')),
    'audioMode: enum AudioModeName has no member loud with an SDK value');
});
