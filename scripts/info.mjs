// `npx platform-social-sdk info`: what this package would load from the current folder, and why.
// The platform, the addon file that loads, each step of the SDK library search (the package's own
// lib/sdk-discovery.ts and lib/addon-loader.ts, from the built dist/: the same decision a Client
// makes here, not a copy of it) and the chosen library's version.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { packageRoot } from './build-from-source.mjs';

const require = createRequire(import.meta.url);

/** Everything `info` reports, as data (`info --json` prints it). */
export function collectInfo() {
  const manifest = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8'));
  const bundle = require(join(packageRoot, 'dist', 'cjs', 'bundle.js'));
  const loader = bundle.load('./addon-loader');
  const discovery = bundle.load('./sdk-discovery');
  const report = {
    package: { name: manifest.name, version: manifest.version, root: packageRoot },
    platform: { target: `${process.platform}-${process.arch}`, node: process.version, napi: Number(process.versions.napi) },
    cwd: process.cwd(),
    addon: { file: null, error: null },
    search: [],
    sdk: null,
    sdkError: null,
  };
  try {
    report.addon.file = loader.addonPath();
  } catch (err) {
    report.addon.error = err.message;
    return report;
  }
  // The steps of the search as a Client without an sdkPath option would take them here.
  discovery.chooseSdk(undefined, discovery.unpackedPath(dirname(report.addon.file)), (step) => report.search.push(step));
  try {
    const info = loader.loadSdk();
    report.sdk = { kind: info.kind, path: info.path, version: info.version, missingOptional: info.missingOptional, runtimeLibraries: info.runtimeLibraries };
  } catch (err) {
    report.sdkError = err.message;
  }
  return report;
}

const STEP_NAMES = {
  sdkPath: 'the sdkPath option of new Client()',
  env: 'the PLATFORM_SDK_PATH variable',
  installed: 'an SDK installed with install-sdk',
  simulator: 'the bundled simulator, beside the addon',
};

function describeStep({ step, detail, found }) {
  switch (step) {
    case 'sdkPath': return found ? `given: ${detail}` : 'not given here (a Client given one loads that file first)';
    case 'env': return found ? `set: ${detail} (decides)` : 'not set';
    case 'installed': return found ? `${detail}: found (decides)` : `${detail}: none`;
    default: return `${detail} (decides)`;
  }
}

/** The report in words. */
export function formatInfo(report) {
  const lines = [
    `${report.package.name} ${report.package.version} in ${report.package.root}`,
    `platform: ${report.platform.target}, Node ${report.platform.node} (Node-API ${report.platform.napi}; the addon needs 8)`,
  ];
  if (report.addon.error) {
    lines.push(`addon: none loads`, `  ${report.addon.error.replace(/\n/g, '\n  ')}`);
    return lines.join('\n');
  }
  lines.push(`addon: ${report.addon.file}`, `SDK library, searched from ${report.cwd} in this order:`);
  let n = 0;
  let last = '';
  for (const s of report.search) {
    // The sdk.json look-ups are one step, one line per folder.
    if (s.step !== last) lines.push(`  ${++n}. ${STEP_NAMES[s.step]}: ${describeStep(s)}`);
    else lines.push(`     ${' '.repeat(String(n).length)}${describeStep(s)}`);
    last = s.step;
  }
  if (report.sdk) {
    const v = report.sdk.version;
    lines.push(`loads: ${report.sdk.path} (${report.sdk.kind}, SDK version ${v.major}.${v.minor}.${v.patch}${v.hash ? ` ${v.hash}` : ''})`);
    if (report.sdk.runtimeLibraries.length) lines.push(`  with its runtime: ${report.sdk.runtimeLibraries.join(', ')}`);
    if (report.sdk.missingOptional.length) lines.push(`  optional functions it lacks: ${report.sdk.missingOptional.join(', ')}`);
  } else {
    lines.push(`loads: nothing`, `  ${report.sdkError.replace(/\n/g, '\n  ')}`);
  }
  return lines.join('\n');
}

/** `info [--json]`: prints the report; exit status 1 when no addon or no SDK library loads. */
export function main(args) {
  const report = collectInfo();
  process.stdout.write(`${args.includes('--json') ? JSON.stringify(report, null, 2) : formatInfo(report)}\n`);
  return report.addon.error || report.sdkError ? 1 : 0;
}
