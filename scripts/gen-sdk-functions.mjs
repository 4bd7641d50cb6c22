// Writes native/runtime/sdk_functions.inc, the table of SDK functions the addon resolves at run
// time, from what declares and publishes them: cplatform.h and platform_sim.h (read by the same
// reader check-sdk uses, scripts/sdk-check/c-header.mjs), the vendor's published ABI per release
// (vendor/platform-sdk/abi/<version>.json) and our additions (vendor/platform-sdk/abi/our-extras.json).
// The generated file's header says what each line means and which functions are listed.
//   node scripts/gen-sdk-functions.mjs               write the file (npm run gen:boundary runs this)
//   node scripts/gen-sdk-functions.mjs --check       exit 1 naming every function whose line differs
//   node scripts/gen-sdk-functions.mjs --check --inc=<file>   check another copy (- : standard input, the drift test)
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseHeader } from './sdk-check/c-header.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const INC = 'native/runtime/sdk_functions.inc';
const CPLATFORM = 'vendor/platform-sdk/include/cplatform.h';
const PLATFORM_SIM = 'simulator/include/platform_sim.h';
const PLATFORMPP = 'vendor/platform-sdk/include/platformpp.h';
const ABI_DIR = 'vendor/platform-sdk/abi';
const EXTRAS = 'our-extras.json';
// The callers: the addon's own code, whose every C call goes through the table.
const CALLERS_DIR = 'native';
// platform_sim.h declares the benchmark's controls only under this macro; so does the table.
const BENCH_MACRO = 'PLATFORM_BENCH_HOOKS';
const REGENERATE = 'run npm run gen:boundary (or node scripts/gen-sdk-functions.mjs)';

// ---- inputs ---------------------------------------------------------------------------------

/** Everything the table is made from, read from a checkout (the tests pass their own). */
export function readInputs(base = root) {
  const read = (rel) => readFileSync(join(base, rel), 'utf8');
  const references = readdirSync(join(base, ABI_DIR)).filter((f) => f.endsWith('.json') && f !== EXTRAS).sort()
    .map((f) => {
      const ref = JSON.parse(read(`${ABI_DIR}/${f}`));
      if (`${ref.version}.json` !== f) throw new Error(`${ABI_DIR}/${f}: its "version" is ${JSON.stringify(ref.version)}, not the file's name`);
      return { version: ref.version, functions: Object.keys(ref.functions) };
    });
  const callers = [{ path: PLATFORMPP, text: read(PLATFORMPP) }];
  for (const rel of readdirSync(join(base, CALLERS_DIR), { recursive: true }).map(String).sort()) {
    if (/\.(cc|h)$/.test(rel)) callers.push({ path: `${CALLERS_DIR}/${rel.split('\\').join('/')}`, text: read(`${CALLERS_DIR}/${rel}`) });
  }
  return {
    cplatform: read(CPLATFORM),
    platformSim: read(PLATFORM_SIM),
    references,
    extras: Object.keys(JSON.parse(read(`${ABI_DIR}/${EXTRAS}`)).functions),
    callers,
  };
}

/**
 * The identifiers of C/C++ code: comments, string and character literals and numbers (whose digit
 * separators, 1'024, are not quotes) left out.
 */
function codeIdentifiers(text) {
  const out = new Set();
  const re = /\/\/[^\n]*|\/\*[\s\S]*?\*\/|"(?:[^"\\\n]|\\.)*"|\d(?:\w|\.|'(?=\w))*|'(?:[^'\\\n]|\\.)*'|[A-Za-z_]\w*/g;
  for (const [token] of text.matchAll(re)) if (/^[A-Za-z_]/.test(token)) out.add(token);
  return out;
}

/** The text between `#ifdef <macro>` and its `#endif` (nested conditionals counted). */
export function conditionalText(text, macro) {
  const kept = [];
  let depth = 0; // > 0: inside the macro's block, at that nesting depth
  for (const line of text.split('\n')) {
    const directive = /^\s*#\s*(\w+)\s*(\w*)/.exec(line);
    if (depth === 0) {
      if (directive?.[1] === 'ifdef' && directive[2] === macro) depth = 1;
      continue;
    }
    if (directive && /^if/.test(directive[1])) depth++;
    else if (directive?.[1] === 'endif') depth--;
    else if (directive && /^el/.test(directive[1]) && depth === 1) throw new Error(`${PLATFORM_SIM}: #${directive[1]} in the #ifdef ${macro} block is not supported`);
    if (depth > 0) kept.push(line);
  }
  return kept.join('\n');
}

// ---- classification ---------------------------------------------------------------------------

const compareVersions = (a, b) => {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) if ((pa[i] ?? 0) !== (pb[i] ?? 0)) return (pa[i] ?? 0) - (pb[i] ?? 0);
  return 0;
};

/**
 * The table's entries: [{ name, macro, group, caller, bench }], in the file's order. `group` is the
 * comment the line is listed under (it says why the line has its macro); `bench` entries are
 * written under #ifdef PLATFORM_BENCH_HOOKS.
 */
export function entries(inputs) {
  const sdk = parseHeader(inputs.cplatform).functions;
  const simAll = parseHeader(inputs.platformSim).functions;
  const bench = new Set(Object.keys(parseHeader(conditionalText(inputs.platformSim, BENCH_MACRO)).functions));
  const versions = inputs.references.map((r) => r.version).sort(compareVersions);
  if (versions.length === 0) throw new Error(`${ABI_DIR}: no vendor release reference (<version>.json)`);
  const releasesOf = new Map();
  for (const ref of inputs.references) for (const fn of ref.functions) releasesOf.set(fn, [...(releasesOf.get(fn) ?? []), ref.version]);
  const extras = new Set(inputs.extras);

  const callerOf = new Map();
  for (const { path, text } of inputs.callers) {
    for (const id of codeIdentifiers(text)) if ((Object.hasOwn(sdk, id) || Object.hasOwn(simAll, id)) && !callerOf.has(id)) callerOf.set(id, path);
  }
  const list = [];
  for (const name of [...callerOf.keys()].sort()) {
    if (Object.hasOwn(sdk, name) && Object.hasOwn(simAll, name)) throw new Error(`${name} is declared in both ${CPLATFORM} and ${PLATFORM_SIM}`);
    const entry = { name, caller: callerOf.get(name), bench: false };
    if (Object.hasOwn(simAll, name)) {
      entry.bench = bench.has(name);
      Object.assign(entry, { macro: 'SDK_SIMULATOR', rank: entry.bench ? 9 : 8, group: entry.bench
        ? `The benchmark's controls: only the benchmark's build (${BENCH_MACRO}) of addon and simulator.`
        : `The simulator's control ABI (${PLATFORM_SIM}): never in a vendor library.` });
    } else {
      const releases = (releasesOf.get(name) ?? []).sort(compareVersions);
      if (releases.length === versions.length) {
        Object.assign(entry, { macro: 'SDK_REQUIRED', rank: 0, group: `In every vendor release referenced (${versions.join(', ')}).` });
      } else if (releases.length > 0) {
        const lacking = versions.filter((v) => !releases.includes(v));
        Object.assign(entry, { macro: 'SDK_OPTIONAL', rank: 1, group: `Only in ${releases.join(', ')} (not in ${lacking.join(', ')}).` });
      } else if (extras.has(name)) {
        Object.assign(entry, { macro: 'SDK_OPTIONAL', rank: 2, group: `Ours, not the vendor's (${ABI_DIR}/${EXTRAS}).` });
      } else {
        throw new Error(`${name} (called from ${entry.caller}): ${CPLATFORM} declares it, but no vendor release in ${ABI_DIR}/ has it ` +
          `and ${EXTRAS} does not list it: add it to the reference it comes from, or to ${EXTRAS} with the reason (test/abi-reference.test.ts says which)`);
      }
    }
    list.push(entry);
  }
  // Groups in rank order (required, optional by release, ours, simulator, benchmark), names sorted.
  return list.sort((a, b) => a.rank - b.rank || (a.group < b.group ? -1 : a.group > b.group ? 1 : 0) || (a.name < b.name ? -1 : 1));
}

// ---- the file ---------------------------------------------------------------------------------

/** The text of sdk_functions.inc. */
export function generate(inputs) {
  const list = entries(inputs);
  const versions = inputs.references.map((r) => r.version).sort(compareVersions);
  const count = (header) => Object.keys(parseHeader(header).functions).length;
  const listedSdk = list.filter((e) => e.macro !== 'SDK_SIMULATOR').length;
  const out = [
    `// Generated by scripts/gen-sdk-functions.mjs from ${CPLATFORM}, ${PLATFORM_SIM} and ${ABI_DIR}/ — do not edit; run npm run gen:boundary`,
    '//',
    '// The SDK functions this addon calls, resolved at run time by SdkLibrary (sdk_library.cc).',
    "// One line per function; the table member has the C function's exact type (decltype), so a",
    '// prototype change in cplatform.h is a compile error here, not a crash at run time.',
    '// Only what is used is listed: a function of cplatform.h or platform_sim.h is here when its name',
    `// appears in the code (comments and strings aside) of platformpp.h or of a .cc/.h file under ${CALLERS_DIR}/,`,
    `// so ${listedSdk} of cplatform.h's ${count(inputs.cplatform)} functions (the rest are never looked up, so a library may lack them).`,
    `//   SDK_REQUIRED(name)   in every vendor release referenced in ${ABI_DIR}/ (${versions.join(', ')}):`,
    '//                        loading fails with the list of missing ones otherwise.',
    '//   SDK_OPTIONAL(name)   in some of those releases only (the newer ones), or ours (our-extras.json):',
    '//                        when absent, a fallback that returns a zero value ("absent" in this ABI) is',
    '//                        installed and the name is listed in sdkInfo().missingOptional.',
    "//   SDK_SIMULATOR(name)  the simulator's control ABI (platform_sim.h); never in a vendor library.",
    `//                        Controls declared under #ifdef ${BENCH_MACRO} there are listed under it here.`,
    `// A function platformpp.h starts calling is missing here until the file is regenerated: a compile`,
    '// error in platformpp_impl.cc, and test/sdk-functions.test.ts names it.',
  ];
  let group = null;
  for (const e of list) {
    if (e.group !== group) {
      if (group !== null && list.find((x) => x.group === group).bench) out.push('#endif');
      out.push(`// ${e.group}`);
      if (e.bench) out.push(`#ifdef ${BENCH_MACRO}`);
      group = e.group;
    }
    out.push(`${e.macro}(${e.name})`);
  }
  if (list.at(-1)?.bench) out.push('#endif');
  return `${out.join('\n')}\n`;
}

/** Reads a table's lines: name -> "SDK_X" (with " under #ifdef …" inside the benchmark block). */
function tableLines(text) {
  const lines = new Map();
  let inBench = false;
  for (const line of text.split('\n')) {
    if (new RegExp(`^#ifdef ${BENCH_MACRO}\\b`).test(line)) inBench = true;
    else if (/^#endif\b/.test(line)) inBench = false;
    const m = /^(SDK_[A-Z]+)\((\w+)\)/.exec(line);
    if (m) lines.set(m[2], `${m[1]}${inBench ? ` under #ifdef ${BENCH_MACRO}` : ''}`);
  }
  return lines;
}

/** What differs between `committed` and the generated table, one line per function; [] when equal. */
export function differences(committed, inputs) {
  const expected = generate(inputs);
  if (committed === expected) return [];
  const want = new Map(entries(inputs).map((e) => [e.name, e]));
  const have = tableLines(committed);
  const said = [];
  for (const [name, e] of want) {
    const line = `${e.macro}${e.bench ? ` under #ifdef ${BENCH_MACRO}` : ''}`;
    const why = `${e.group.replace(/\.$/, '')}; called from ${e.caller}`;
    if (!have.has(name)) said.push(`${name}: missing; the generator writes ${line} (${why})`);
    else if (have.get(name) !== line) said.push(`${name}: ${have.get(name)} in the file; the generator writes ${line} (${why})`);
  }
  for (const [name, line] of have) {
    if (!want.has(name)) said.push(`${name}: ${line} in the file, but no code under ${CALLERS_DIR}/ or platformpp.h calls it (or no header declares it)`);
  }
  if (said.length === 0) {
    const a = committed.split('\n');
    const b = expected.split('\n');
    let i = 0;
    while (i < a.length && a[i] === b[i]) i++;
    said.push(`line ${i + 1} differs (a comment, the order or a group): the generator writes ${JSON.stringify(b[i] ?? '')}`);
  }
  return said;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const inputs = readInputs();
  const target = join(root, INC);
  if (process.argv.includes('--check')) {
    const incArg = process.argv.find((a) => a.startsWith('--inc='));
    const file = incArg ? incArg.slice('--inc='.length) : target;
    const text = file === '-' ? readFileSync(0, 'utf8') : existsSync(file) ? readFileSync(file, 'utf8') : '';
    const said = differences(text, inputs);
    if (said.length > 0) {
      console.error(`${INC} is out of step with ${CPLATFORM}, ${PLATFORM_SIM}, ${ABI_DIR}/ and their callers:\n` +
        `${said.map((s) => `  ${s}`).join('\n')}\n${REGENERATE[0].toUpperCase()}${REGENERATE.slice(1)} to regenerate it; do not edit it by hand.`);
      process.exit(1);
    }
  } else {
    const text = generate(inputs);
    // Only when it changed: a rewritten header would rebuild every file that includes it.
    if (!existsSync(target) || readFileSync(target, 'utf8') !== text) writeFileSync(target, text);
  }
}
