// Every option and every event of the public API has a doc comment (the generated reference,
// `npm run docs:api`, shows it; typedoc itself checks classes, functions, types and members,
// but cannot require comments on these properties without requiring them on every data field).
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as ts from 'typescript';
import { ROOT } from './helpers';

const DOCUMENTED: Array<[file: string, type: string]> = [
  ['lib/client-types.ts', 'ClientOptions'],
  ['lib/client-types.ts', 'ClientEvents'],
  ['lib/voice.ts', 'CallEvents'],
  ['lib/voice.ts', 'VoiceEvents'],
  ['lib/presence.ts', 'PresenceEvents'],
  ['lib/relationships.ts', 'RelationshipEvents'],
  ['lib/session/session.ts', 'StartSessionOptions'],
  ['lib/session/session.ts', 'ProvisionalSessionOptions'],
  ['lib/session/session.ts', 'SessionEndedEvent'],
  ['lib/electron/main.ts', 'ExposeClientOptions'],
];

function membersOf(file: string, name: string): Array<{ name: string; documented: boolean }> {
  const source = ts.createSourceFile(file, fs.readFileSync(path.join(ROOT, file), 'utf8'), ts.ScriptTarget.ES2022, true);
  let members: ts.NodeArray<ts.TypeElement> | undefined;
  source.forEachChild((node) => {
    if (ts.isInterfaceDeclaration(node) && node.name.text === name) members = node.members;
    if (ts.isTypeAliasDeclaration(node) && node.name.text === name && ts.isTypeLiteralNode(node.type)) members = node.type.members;
  });
  if (!members) throw new Error(`${name} not found in ${file}`);
  return members.map((m) => ({
    name: m.name && ts.isIdentifier(m.name) ? m.name.text : m.getText(source),
    documented: ts.getJSDocCommentsAndTags(m).some((d) => ts.isJSDoc(d) && (d.comment ?? '') !== ''),
  }));
}

test.each(DOCUMENTED)('every member of %s %s has a doc comment', (file, type) => {
  const members = membersOf(file, type);
  expect(members.length).toBeGreaterThan(1);  // the type's members were found (the smallest has two)
  expect(members.filter((m) => !m.documented).map((m) => m.name)).toEqual([]);
});

test('the check sees a missing comment', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'psdk-api-docs-'));
  const file = path.join(dir, 'sample.ts');
  fs.writeFileSync(file, 'export interface Sample {\n  /** Said. */\n  a: string;\n  b: number;\n}\n');
  try {
    expect(membersOf(path.relative(ROOT, file), 'Sample')).toEqual([{ name: 'a', documented: true }, { name: 'b', documented: false }]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

// docs/api.md is the reference a user reads first: every public method of a class the package
// exports is named there (`name(` or `get/set` pairs as `getX/setX(`). A method added to an area
// without its line fails here, naming it ("Add an SDK method" in CONTRIBUTING.md, step 5).
function publicMethods(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(path.join(ROOT, file), 'utf8'), ts.ScriptTarget.ES2022, true);
  const exported = fs.readFileSync(path.join(ROOT, 'lib/index.ts'), 'utf8');
  const names: string[] = [];
  source.forEachChild((node) => {
    if (!ts.isClassDeclaration(node) || !node.name || !new RegExp(`\\b${node.name.text}\\b`).test(exported)) return;
    for (const m of node.members) {
      if (!ts.isMethodDeclaration(m) || !m.name || !ts.isIdentifier(m.name) || m.name.text.startsWith('_')) continue;
      if (ts.getJSDocTags(m).some((t) => t.tagName.text === 'internal')) continue;
      names.push(`${node.name.text}.${m.name.text}`);
    }
  });
  return names;
}

function undocumented(methods: string[], doc: string): string[] {
  return methods.filter((m) => !new RegExp(`\\b${m.split('.')[1]}\\s*[(/]`).test(doc));
}

const AREAS = ['client', 'auth', 'users', 'lobbies', 'messages', 'guilds', 'voice', 'presence', 'relationships'].map((a) => `lib/${a}.ts`);

test('every public method of the exported area classes is named in docs/api.md', () => {
  const methods = AREAS.flatMap(publicMethods);
  expect(methods.length).toBeGreaterThan(80);  // the classes were found
  expect(methods).toContain('ClientVoice.showAudioRoutePicker');
  expect(undocumented(methods, fs.readFileSync(path.join(ROOT, 'docs/api.md'), 'utf8'))).toEqual([]);
});

test('the docs check sees a method the reference does not name', () => {
  expect(undocumented(['ClientVoice.showAudioRoutePicker', 'Call.getLocalMute'], '`getLocalMute/setLocalMute(userId)`')).toEqual(['ClientVoice.showAudioRoutePicker']);
});
