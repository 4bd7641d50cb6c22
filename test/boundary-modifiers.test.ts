// The schema's performance modifiers are general (native/boundary/boundary.schema's header): each
// works for any declaration it can apply to, not only the one field it was made for. Here each is
// applied to a record or event of a schema made up for the test, and the generated code is read.
// So are the `uses` lines that decide which writers and readers are generated.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ROOT } from './helpers';

const GENERATOR = path.join(ROOT, 'scripts/gen-boundary.mjs');
const schema = fs.readFileSync(path.join(ROOT, 'native/boundary/boundary.schema'), 'utf8');

const FILES = ['native/boundary/boundary_kinds.h', 'native/boundary/boundary_codecs.h', 'native/boundary/boundary_codecs.cc', 'lib/boundary.ts',
  'test/generated/tape-writers.ts'];

/** The generator run on `schemaText`: its stderr, and the files it wrote by their repository path (none if it failed). */
function run(schemaText: string): { stderr: string; status: number | null; files: Record<string, string> } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'boundary-modifiers-'));
  try {
    fs.writeFileSync(path.join(dir, 'boundary.schema'), schemaText);
    const r = spawnSync(process.execPath, [GENERATOR, `--schema=${path.join(dir, 'boundary.schema')}`, `--out=${dir}`], { encoding: 'utf8' });
    const read = (file: string): string => fs.readFileSync(path.join(dir, file.replace(/\//g, '_')), 'utf8');
    return { stderr: r.stderr, status: r.status, files: r.status === 0 ? Object.fromEntries(FILES.map((f) => [f, read(f)])) : {} };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The files the generator writes from `schemaText`, by their repository path. */
function generate(schemaText: string): Record<string, string> {
  const r = run(schemaText);
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  return r.files;
}

// A record and an event of the test's own, appended to the real schema.
const PETS = `
record Pet PetData decode
  id id
  name str
  nickname str same name

record Walk WalkData
  id id
  petId id
  pet Pet? shared petId

event Walked 250
  walk Walk
  route str
  back str same route

completion Walks each
  walks Walk[]
`;

test('`same` works in an event as in a record', () => {
  const files = generate(schema + PETS);
  expect(files['native/boundary/boundary_codecs.h']).toContain('if (back == route) t.Num(-2.0); else t.Str(back);');
  expect(files['native/boundary/boundary_codecs.cc']).toContain('if (v.nickname == v.name) t.Num(-2.0); else t.Str(v.nickname);');
  expect(files['lib/boundary.ts']).toContain('const back = r.same(route);');
});

test('`decode` reads any record straight-line', () => {
  const ts = generate(schema + PETS)['lib/boundary.ts'];
  expect(ts).toContain('export function decodePet<C, T>(r: TapeReader, make: PetMaker<C, T>, c: C): T {');
  expect(ts).toContain('const nickname = n === -2 ? name : text.slice(t, t += n);');
});

test('`each` captures the elements of any list completion', () => {
  const header = generate(schema + PETS)['native/boundary/boundary_codecs.h'];
  expect(header).toContain('inline void CompleteWalksEach(');
  expect(header).toContain('void EncodeWalkOf(EventTape &t, const V &v) {');
});

test('`shared <key> batch` works for a record other than User', () => {
  // The batch moves from the message's author to the walk's pet.
  const moved = schema.replace('  author User? shared authorId batch\n', '  author User? shared authorId\n');
  expect(moved).not.toBe(schema);
  const files = generate(moved + PETS.replace('  pet Pet? shared petId\n', '  pet Pet? shared petId batch\n'));
  expect(files['native/boundary/boundary_kinds.h']).toContain('struct PetData;\nusing BatchRecord = PetData;');
  expect(files['native/boundary/boundary_codecs.h']).toContain('inline bool SameBatchRecord(const BatchRecord &a, const BatchRecord &b) { return SamePet(a, b); }');
  // (Walk is the element of an `each` completion: its encoder is the header's EncodeWalkOf.)
  expect(files['native/boundary/boundary_codecs.h']).toContain('if (!t.BatchRef(v.petId, *v.pet)) EncodePet(t, *v.pet);');
  expect(files['native/boundary/boundary_codecs.cc']).toContain('return a.id == b.id && a.name == b.name && a.nickname == b.nickname;');
  expect(files['native/boundary/boundary_codecs.cc']).not.toContain('SameUser');
});

// What is generated follows the schema's `uses` lines (test/boundary-uses.test.ts checks that it is used).
test('`uses write`, `uses push`, `uses with` and `uses test` decide which writers and readers are generated', () => {
  const plain = generate(schema + PETS);
  // An event is pushed, its fields written in Push<Event> itself; nothing reads Walk …With, no test writes Walked.
  expect(plain['native/boundary/boundary_codecs.h']).toContain('inline void PushWalked(ClientSink &sink, const WalkData &walk, std::string_view route, std::string_view back) {');
  expect(plain['native/boundary/boundary_codecs.h']).not.toContain('WriteWalked');
  expect(plain['lib/boundary.ts']).not.toContain('readWalkWith');
  expect(plain['test/generated/tape-writers.ts']).not.toContain('writeWalkedEvent');
  const written = generate(`${schema + PETS}uses write Walked\nuses with Walk\nuses test WalkedEvent\n`);
  expect(written['native/boundary/boundary_codecs.h']).toContain('inline void WriteWalked(EventTape &t, const WalkData &walk,');
  expect(written['native/boundary/boundary_codecs.h']).not.toContain('PushWalked');
  expect(written['lib/boundary.ts']).toContain('export function readWalkWith<TPet>(');
  expect(written['test/generated/tape-writers.ts']).toContain('export function writeWalkedEvent(w: TapeWriter, e: NativeWalkedEvent): void {');
  expect(written['test/generated/tape-writers.ts']).toContain('export function writePet(');
  const both = generate(`${schema + PETS}uses write Walked\nuses push Walked\n`)['native/boundary/boundary_codecs.h'];
  expect(both).toContain('[&](EventTape &t) { WriteWalked(t, walk, route, back); });');
});

test('a `uses` line that names nothing it can apply to stops the generator, naming it', () => {
  const lines = schema.split('\n').length;
  const fails = (line: string, message: string): void => {
    const r = run(`${schema}${line}\n`);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`boundary.schema:${lines}: ${message}`);
  };
  fails('uses push Status', 'Status is pushed anyway');
  fails('uses write Nope', 'unknown event Nope');
  fails('uses with Guild', 'Guild has no field of a `decode` record');
  fails('uses with Message', 'Message is read by decodeMessage');
  fails('uses test CallVoiceStateResult', 'unknown CallVoiceStateResult');
});
