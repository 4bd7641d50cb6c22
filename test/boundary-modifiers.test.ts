// The schema's performance modifiers are general (native/boundary/boundary.schema's header): each
// works for any declaration it can apply to, not only the one field it was made for. Here each is
// applied to a record or event of a schema made up for the test, and the generated code is read.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ROOT } from './helpers';

const GENERATOR = path.join(ROOT, 'scripts/gen-boundary.mjs');
const schema = fs.readFileSync(path.join(ROOT, 'native/boundary/boundary.schema'), 'utf8');

/** The files the generator writes from `schemaText`, by their repository path. */
function generate(schemaText: string): Record<string, string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'boundary-modifiers-'));
  try {
    fs.writeFileSync(path.join(dir, 'boundary.schema'), schemaText);
    const r = spawnSync(process.execPath, [GENERATOR, `--schema=${path.join(dir, 'boundary.schema')}`, `--out=${dir}`], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const read = (file: string): string => fs.readFileSync(path.join(dir, file.replace(/\//g, '_')), 'utf8');
    return Object.fromEntries(['native/boundary/boundary_kinds.h', 'native/boundary/boundary_codecs.h', 'native/boundary/boundary_codecs.cc', 'lib/boundary.ts']
      .map((f) => [f, read(f)]));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
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
