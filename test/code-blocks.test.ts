// Every ts/js/mjs/cjs code block of README.md and docs/*.md, as pasted: a block runs on its own
// (in a child process, as an ES module, or as CommonJS for `cjs`, importing the built package
// by its name, against the bundled simulator; it must exit 0 with nothing on stderr), and every
// ts block type-checks (strict). A block that cannot run alone (it needs Electron, a real SDK,
// or a function of the user's) says so in the Markdown, in an HTML comment right before its
// fence, and is only type-checked:
//
//   <!-- compile-only: why it cannot run alone
//   declare const client: import('platform-social-sdk').Client;   (its free names, as TypeScript)
//   -->
//
// A ts block whose first line is `// name.ts` is that file, so the blocks of one page can import
// one another (docs/electron.md's main.ts imports ./bridge-config). examples/demo.cjs and
// examples/game-test.mjs (a game's own node:test suite) run here too.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as ts from 'typescript';
import { ROOT } from './helpers';

const LANGS = new Set(['ts', 'js', 'mjs', 'cjs']);
const MARKER = /^<!--\s*compile-only:([^\n]*)\n?([\s\S]*?)-->$/;

interface Block {
  doc: string;
  /** 1-based line of the block's first code line in `doc`. */
  line: number;
  lang: string;
  code: string;
  compileOnly?: { reason: string; declarations: string };
}

/** The code blocks of one Markdown file, with the compile-only marker right before each. */
function codeBlocks(doc: string, text: string): Block[] {
  const lines = text.split('\n');
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\S*)\s*$/.exec(lines[i]!);
    if (!open) continue;
    const end = lines.findIndex((l, j) => j > i && /^```\s*$/.test(l));
    if (end < 0) throw new Error(`${doc}:${i + 1}: a code fence that is never closed`);
    const lang = open[1]!;
    if (LANGS.has(lang)) {
      const block: Block = { doc, line: i + 2, lang, code: lines.slice(i + 1, end).join('\n') + '\n' };
      // The marker is the HTML comment that ends on the line right before the fence.
      if (/-->\s*$/.test(lines[i - 1] ?? '')) {
        let start = i - 1;
        while (start > 0 && !lines[start]!.includes('<!--')) start--;
        const comment = MARKER.exec(lines.slice(start, i).join('\n').trim());
        if (comment) block.compileOnly = { reason: comment[1]!.trim(), declarations: comment[2]!.trim() };
      }
      blocks.push(block);
    }
    i = end;
  }
  return blocks;
}

const DOCS = ['README.md', ...fs.readdirSync(path.join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
const BLOCKS = DOCS.flatMap((doc) => codeBlocks(doc, fs.readFileSync(path.join(ROOT, doc), 'utf8')));
const label = (b: Block): string => `${b.doc}:${b.line} (${b.lang}${b.compileOnly ? ', compile-only' : ''})`;

/** A folder where `platform-social-sdk` resolves to this package (as an installed dependency would). */
function consumerProject(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'psdk-blocks-'));
  fs.mkdirSync(path.join(dir, 'node_modules'));
  fs.symlinkSync(ROOT, path.join(dir, 'node_modules', 'platform-social-sdk'), 'junction');
  fs.symlinkSync(path.join(ROOT, 'node_modules', '@types'), path.join(dir, 'node_modules', '@types'), 'junction');
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'code-blocks', private: true }));
  return dir;
}

const dir = consumerProject();
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Where a ts block is written for the type-check: its own name (`// main.ts`) in its page's folder. */
function tsFile(b: Block): string {
  const named = /^\/\/ ([\w.-]+\.ts)\b/.exec(b.code)?.[1];
  return path.join(dir, b.doc.replace(/[/.]/g, '-'), named ?? `block-${b.line}.ts`);
}
/** The declarations a compile-only block may use, before its code; `export {}` keeps each file a module. */
const prefixOf = (b: Block): string => (b.compileOnly?.declarations ? `${b.compileOnly.declarations}\n` : '');

/** Diagnostics per ts block (file name → messages with the page's line numbers). */
function typeCheck(blocks: Block[]): Map<string, string[]> {
  const files = blocks.map((b) => {
    const file = tsFile(b);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `${prefixOf(b)}${b.code}export {};\n`);
    return file;
  });
  // Electron is not a dependency: its API type-checks as `any` (its class a type too); the
  // package's side of each block is checked.
  const electron = path.join(dir, 'electron.d.ts');
  fs.writeFileSync(electron, [
    "declare module 'electron' {",
    '  export class BrowserWindow { constructor(options?: any); [member: string]: any; static [member: string]: any }',
    '  export const app: any, ipcMain: any, ipcRenderer: any, contextBridge: any, safeStorage: any, shell: any;',
    '}', '',
  ].join('\n'));
  const program = ts.createProgram([...files, electron], {
    module: ts.ModuleKind.Preserve, moduleResolution: ts.ModuleResolutionKind.Bundler, target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'], strict: true, noEmit: true, types: ['node'], skipLibCheck: true,
  });
  const out = new Map<string, string[]>(files.map((f) => [f, []]));
  for (const d of ts.getPreEmitDiagnostics(program)) {
    const file = d.file?.fileName ?? '';
    const b = blocks[files.indexOf(file)];
    const text = ts.flattenDiagnosticMessageText(d.messageText, '\n');
    if (!b || d.start === undefined) throw new Error(`type-check: ${text}`);
    const at = d.file!.getLineAndCharacterOfPosition(d.start).line - prefixOf(b).split('\n').length + 1;
    out.get(file)!.push(`${b.doc}:${b.line + at}: ${text}`);
  }
  return out;
}

/** Runs `file` (in the consumer folder) with node; `args` before it (e.g. --test). */
function run(file: string, args: string[] = []) {
  const env = { ...process.env };
  delete env['PLATFORM_SDK_PATH'];
  delete env['NODE_OPTIONS'];
  return spawnSync(process.execPath, [...args, file], { cwd: dir, env, encoding: 'utf8', timeout: 60_000 });
}

const tsBlocks = BLOCKS.filter((b) => b.lang === 'ts');
let diagnostics: Map<string, string[]>;
beforeAll(() => {
  diagnostics = typeCheck(tsBlocks);
}, 120_000);

test('the test finds the blocks it should (README and every page with code)', () => {
  expect(BLOCKS.filter((b) => b.doc === 'README.md').length).toBeGreaterThanOrEqual(8);
  expect(new Set(BLOCKS.map((b) => b.doc))).toEqual(new Set(['README.md', 'docs/console.md', 'docs/electron.md']));
  expect(BLOCKS.some((b) => b.lang === 'cjs' && !b.compileOnly)).toBe(true);
});

test('every compile-only block is TypeScript and gives its reason', () => {
  for (const b of BLOCKS.filter((x) => x.compileOnly)) {
    expect([label(b), b.lang]).toEqual([label(b), 'ts']);
    expect([label(b), b.compileOnly!.reason.length > 5]).toEqual([label(b), true]);
  }
});

describe.each(tsBlocks.map((b) => [label(b), b] as const))('%s', (_, b) => {
  test('type-checks as pasted', () => {
    expect(diagnostics.get(tsFile(b))).toEqual([]);
  });
});

/** What a block must print, by page, heading and language (every block must exit 0 with nothing on stderr). */
const OUTPUT: Record<string, (stdout: string) => void> = {
  'README.md:## Usage:ts': (out) => {
    const lines = out.split('\n');
    expect(lines).toContain('status ready');
    expect(out).toContain('The platform is waiting for the user to answer its consent screen.');
    expect(out).toContain('Simulator.attach().auth.setConsent(userId)');
    expect(lines).toContain('ready as Ada');
    expect(out).toMatch(/TokenSet \{ accessToken: '\[redacted\]', refreshToken: '\[redacted\]'/);
    expect(out).toMatch(/token set to store: \d+ characters/);
  },
};

/** The heading a block is under (`## Usage`), to find its expected output. */
function headingOf(b: Block): string {
  const before = fs.readFileSync(path.join(ROOT, b.doc), 'utf8').split('\n').slice(0, b.line - 1);
  return before.reverse().find((l) => /^#{1,4} /.test(l)) ?? '';
}

const runnable = BLOCKS.filter((b) => !b.compileOnly);
test.each(runnable.map((b) => [label(b), b] as const))('%s runs against the simulator and exits cleanly', (_, b) => {
  const base = path.join(dir, `run-${b.doc.replace(/[/.]/g, '-')}-${b.line}`);
  const file = b.lang === 'cjs' ? `${base}.cjs` : `${base}.mjs`;
  const js = b.lang === 'ts'
    ? ts.transpileModule(b.code, { compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022 } }).outputText
    : b.code;
  fs.writeFileSync(file, js);
  const r = run(file);
  expect({ block: label(b), stderr: r.stderr, status: r.status, signal: r.signal }).toEqual({ block: label(b), stderr: '', status: 0, signal: null });
  OUTPUT[`${b.doc}:${headingOf(b)}:${b.lang}`]?.(r.stdout);
}, 90_000);

test('examples/demo.cjs (CommonJS) signs in, chats and exits', () => {
  const r = run(path.join(ROOT, 'examples', 'demo.cjs'));
  expect({ stderr: r.stderr, status: r.status }).toEqual({ stderr: '', status: 0 });
  expect(r.stdout).toContain('ready as Ada');
  expect(r.stdout).toContain('history: gl hf');
}, 90_000);

test("examples/game-test.mjs, a game's own node:test suite against the simulator, passes", () => {
  const r = run(path.join(ROOT, 'examples', 'game-test.mjs'));
  expect({ stderr: r.stderr, status: r.status }).toEqual({ stderr: '', status: 0 });
  expect(r.stdout).toMatch(/# pass [2-9]/);
  expect(r.stdout).toMatch(/# fail 0/);
}, 90_000);
