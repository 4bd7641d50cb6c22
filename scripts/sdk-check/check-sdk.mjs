// `npx platform-social-sdk check-sdk <archive|folder|header>`: the report install-sdk prints
// before it installs, without installing anything. Exit status 0: the SDK matches what the addon
// was built for; 1: it does not (or it cannot be read).
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { OUR_HEADER } from './compare.mjs';
import { differencesOf, inspectSdk } from './inspect.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const MAX_LISTED = 12;
const list = (names) => `${names.slice(0, MAX_LISTED).join(', ')}${names.length > MAX_LISTED ? `, … (${names.length - MAX_LISTED} more)` : ''}`;
const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The report's lines for an inspected SDK (inspect.mjs). */
export function formatReport(sdk) {
  const lines = [`SDK:      ${sdk.sourcePath}`];
  if (sdk.sha256) lines.push(`sha256:   ${sdk.sha256}`);
  if (sdk.header) lines.push(`header:   ${sdk.header.entry} (symbol prefix ${sdk.header.prefix})`);
  const lib = sdk.library;
  if (lib) {
    lines.push(`library:  ${lib.entry} (${lib.format}${lib.arches.length ? `, ${lib.arches.join(' + ')}` : ''}; ` +
      `exports ${lib.expected - lib.missing.length} of the ${lib.expected} functions the addon requires)`);
  }
  const c = sdk.comparison;
  if (c) {
    lines.push(`checked:  the ${plural(c.checked.functions, 'function')} the addon calls, with the callback typedefs, structs and enums ` +
      `they use, against ${path.relative(ROOT, OUR_HEADER).split(path.sep).join('/')}`);
  }
  const diffs = differencesOf(sdk);
  if (diffs.length) {
    lines.push('', `${plural(diffs.length, 'difference')} from what the addon was built for:`);
    for (const d of diffs) {
      if (d.kind === 'source') lines.push(`  ${d.what}`);
      else if (d.kind === 'export') lines.push(`  export ${d.name}: missing from the library (the addon requires it)`);
      else if (d.what === 'missing') lines.push(`  ${d.kind} ${d.vendorName}: missing from the SDK header (the addon requires it)`, `    addon: ${d.addon}`);
      else lines.push(`  ${d.kind} ${d.vendorName}: differs`, `    SDK:   ${d.vendor}`, `    addon: ${d.addon}`);
    }
  }
  if (c?.missingOptional.length) lines.push('', `Optional, absent (the addon falls back): ${list(c.missingOptional)}`);
  if (c?.newerFunctions.length) lines.push('', `Newer SDK (information, not an error): ${plural(c.newerFunctions.length, 'function')} this package does not know: ${list(c.newerFunctions)}`);
  if (c?.newerEnumMembers.length) lines.push(`Newer SDK (information, not an error): ${plural(c.newerEnumMembers.length, 'enum member')} this package does not know: ${list(c.newerEnumMembers)}`);
  if (c?.unread.length) lines.push(`Not read (information): ${plural(c.unread.length, 'statement')} of the header that are no declaration this check knows: ${list(c.unread)}`);
  lines.push('', diffs.length
    ? `Result: does not match (${plural(diffs.length, 'difference')}). install-sdk refuses this SDK; --force installs it anyway and records the differences in sdk.json.`
    : 'Result: matches what the addon was built for (every prototype, callback typedef, struct layout and enum value it uses).');
  return lines.join('\n');
}

/** Inspects and reports; returns { code, report, differences }. Throws SourceError when unreadable. */
export async function checkSdk(source, { platform, arch, sha256 } = {}) {
  const sdk = await inspectSdk(source, { platform, arch, sha256, library: true });
  try {
    const differences = differencesOf(sdk);
    return { code: differences.length ? 1 : 0, report: formatReport(sdk), differences };
  } finally {
    sdk.close();
  }
}
