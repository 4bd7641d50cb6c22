// Tools the package's commands need but loading does not: devDependencies of the repository, installed
// on first use where they do not resolve from the package (an app that installed it from npm).
// One named set per command family, so that reading a zip never pulls in a compiler driver:
//   build        (build-from-source): cmake-js and node-addon-api, 40-odd packages with their own;
//   sdk-archive  (install-sdk, check-sdk on a zip): yauzl and pend, two packages.
// Each set ships as a manifest and a lockfile cut out of the repository's package-lock.json
// (scripts/<set>-tools/, written by scripts/gen-build-tools-lock.mjs; test/cli.test.ts checks), so
// the versions are the ones the package was tested with and the tarballs are in npm's cache after
// `npm ci` of the repository. They are installed with `npm ci --prefer-offline` (`--offline` when
// asked) into the package's build/<set>-tools/; nothing is added to the app.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const packageRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const NAME = 'platform-social-sdk';

/** The sets: their packages (all must resolve for the set to count as there), in words, and who needs them. */
export const TOOL_SETS = {
  build: { tools: ['cmake-js', 'node-addon-api'], purpose: 'build tools', usedBy: 'build-from-source' },
  'sdk-archive': { tools: ['yauzl'], purpose: 'zip reader', usedBy: 'install-sdk and check-sdk (on a zip)' },
};

/** Where a set's shipped manifest and lockfile live, and where it is installed. */
export const shippedDir = (set, root = packageRoot) => join(root, 'scripts', `${set}-tools`);
export const installDir = (set, root = packageRoot) => join(root, 'build', `${set}-tools`);

export class ToolsError extends Error {}

/** How to run npm from here: npm's own CLI when npm runs us (npx, npm run), else `npm` on PATH. */
function npmCommand() {
  const candidates = [
    process.env.npm_execpath,
    join(dirname(process.execPath), '..', 'lib', 'node_modules', 'npm', 'bin', 'npm-cli.js'),
    join(dirname(process.execPath), 'node_modules', 'npm', 'bin', 'npm-cli.js'),
  ];
  const cli = candidates.find((c) => c && /npm-cli\.js$/.test(c) && existsSync(c));
  return cli ? { file: process.execPath, args: [cli], shell: false } : { file: 'npm', args: [], shell: process.platform === 'win32' };
}

/** A require that resolves every tool of `tools` from `from` (a package.json path), or null. */
function resolverAt(from, tools) {
  const req = createRequire(from);
  try {
    for (const t of tools) req.resolve(`${t}/package.json`);
    return req;
  } catch {
    return null;
  }
}

/**
 * The tools of `set`: { require, nodeModules } where `require` resolves them, and `nodeModules` is the
 * private folder they came from (undefined when they resolve from the package itself). Installs the
 * set on first use, saying so in one line through `log`. Throws ToolsError naming what to run.
 * `rerun`: the command to run again afterwards, for the error (default: "the command").
 */
export function toolsFor(set, { root = packageRoot, offline = false, log = (line) => process.stderr.write(`${line}\n`), rerun } = {}) {
  const { tools, purpose } = TOOL_SETS[set];
  const own = resolverAt(join(root, 'package.json'), tools);
  if (own) return { require: own, nodeModules: undefined };
  const shipped = shippedDir(set, root);
  const { dependencies } = JSON.parse(readFileSync(join(shipped, 'package.json'), 'utf8'));
  const wanted = Object.entries(dependencies).map(([name, version]) => `${name}@${version}`);
  const dir = installDir(set, root);
  let req = resolverAt(join(dir, 'package.json'), tools);
  if (!req) {
    log(`${NAME}: installing the ${purpose} ${wanted.join(' and ')} into ${dir} (npm, ${offline ? 'offline: from its cache only' : 'from its cache when they are there'})`);
    mkdirSync(dir, { recursive: true });
    for (const file of ['package.json', 'package-lock.json']) copyFileSync(join(shipped, file), join(dir, file));
    const npm = npmCommand();
    // npm's own output goes to stderr: stdout stays the command's (check-sdk --json).
    const r = spawnSync(npm.file, [...npm.args, 'ci', '--prefix', dir, '--no-audit', '--no-fund', '--ignore-scripts',
      offline ? '--offline' : '--prefer-offline'], { cwd: dir, stdio: ['ignore', 2, 'inherit'], shell: npm.shell });
    req = r.status === 0 ? resolverAt(join(dir, 'package.json'), tools) : null;
    if (!req) {
      throw new ToolsError(`npm could not install the ${purpose} ${wanted.join(' and ')}${offline ? ' from its cache (run once without --offline)' : ' (is npm offline, and its cache without them?)'}. ` +
        `Install ${wanted.length > 1 ? 'them' : 'it'} into your app instead (npm install --save-dev ${wanted.join(' ')})${rerun ? `, then run again: ${rerun}` : ', then run the command again'}.`);
    }
  }
  return { require: req, nodeModules: join(dir, 'node_modules') };
}
