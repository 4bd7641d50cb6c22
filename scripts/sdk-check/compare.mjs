// Compares the vendor's C header (from the SDK a user brings) with what this package's addon was
// built for: every function the addon calls (native/runtime/sdk_functions.inc, required and
// optional), and every callback typedef, struct layout and enum those prototypes use, as declared
// in our cplatform.h (which ships in the package). The vendor's names are read as ours first
// (its symbol prefix, detected from the header, becomes `Platform`).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { detectHeaderPrefix, parseHeader, renameIdentifiers, vendorName } from './c-header.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const OUR_HEADER = path.join(ROOT, 'vendor', 'platform-sdk', 'include', 'cplatform.h');
export const SDK_FUNCTIONS = path.join(ROOT, 'native', 'runtime', 'sdk_functions.inc');

/** The functions the addon resolves from the SDK library: { required: [...], optional: [...] }. */
export function addonFunctions(text = fs.readFileSync(SDK_FUNCTIONS, 'utf8')) {
  const required = [...text.matchAll(/^SDK_REQUIRED\((\w+)\)/gm)].map((m) => m[1]);
  const optional = [...text.matchAll(/^SDK_OPTIONAL\((\w+)\)/gm)].map((m) => m[1]);
  return { required, optional };
}

let built = null;
/** What the addon was built for: our header parsed, and its function table. */
export function addonAbi() {
  built ??= { abi: parseHeader(fs.readFileSync(OUR_HEADER, 'utf8')), ...addonFunctions() };
  return built;
}

// A struct's layout is its member types and array sizes in order; member names are not ABI.
const layout = (fields) => fields.map((f) => f.replace(/\w+((?:\[\w+\])?)$/, '$1').trim());
const typeNames = (decl) => [...new Set([...String(decl).matchAll(/\bPlatform_\w+\b/g)].map((m) => m[0]))];

/**
 * Compares `headerText` (the vendor's header, any prefix) with the addon's ABI. Returns
 * { prefix, differences, missingOptional, newerFunctions, newerEnumMembers, checked, unread }:
 * differences are errors ({ kind, name, vendorName, vendor, addon, what }); the rest is information.
 */
export function compareHeader(headerText, ours = addonAbi()) {
  const prefix = detectHeaderPrefix(headerText);
  if (!prefix) return { prefix: null, differences: [], missingOptional: [], newerFunctions: [], newerEnumMembers: [], checked: { functions: 0, types: 0 }, unread: [], noPrototypes: true };
  const theirs = parseHeader(renameIdentifiers(headerText, prefix));
  const differences = [];
  const missingOptional = [];
  const vn = (name) => vendorName(name, prefix);
  const seenTypes = new Set();
  const pending = [];
  const want = (decl) => {
    for (const t of typeNames(decl)) if (!seenTypes.has(t)) {
      seenTypes.add(t);
      pending.push(t);
    }
  };
  const optional = new Set(ours.optional);
  for (const name of [...ours.required, ...ours.optional]) {
    const addon = ours.abi.functions[name];
    const vendor = theirs.functions[name];
    if (addon === undefined) continue; // an SDK_SIMULATOR-only or unknown line: not the vendor's business
    want(addon.replace(name, ''));
    if (vendor === undefined) {
      if (optional.has(name)) missingOptional.push(name);
      else differences.push({ kind: 'function', name, vendorName: vn(name), what: 'missing', vendor: null, addon });
    } else if (vendor !== addon) {
      differences.push({ kind: 'function', name, vendorName: vn(name), what: 'differs', vendor: vn(vendor), addon });
    }
  }
  const newerEnumMembers = [];
  while (pending.length) {
    const name = pending.shift();
    if (name in ours.abi.callbacks) {
      const addon = ours.abi.callbacks[name];
      want(addon);
      const vendor = theirs.callbacks[name];
      if (vendor !== addon) differences.push({ kind: 'callback typedef', name, vendorName: vn(name), what: vendor === undefined ? 'missing' : 'differs', vendor: vendor === undefined ? null : vn(`typedef ${vendor.replace('(*)', `(*${name})`)}`), addon: `typedef ${addon.replace('(*)', `(*${name})`)}` });
    } else if (name in ours.abi.structs) {
      const addon = ours.abi.structs[name];
      addon.forEach(want);
      const vendor = theirs.structs[name];
      if (vendor === undefined || JSON.stringify(layout(vendor)) !== JSON.stringify(layout(addon))) {
        differences.push({ kind: 'struct', name, vendorName: vn(name), what: vendor === undefined ? 'missing' : 'differs', vendor: vendor === undefined ? null : vn(`{ ${vendor.join('; ')}; }`), addon: `{ ${addon.join('; ')}; }` });
      }
    } else if (name in ours.abi.enums) {
      const addon = ours.abi.enums[name];
      const vendor = theirs.enums[name];
      if (vendor === undefined) {
        differences.push({ kind: 'enum', name, vendorName: vn(name), what: 'missing', vendor: null, addon: enumText(addon) });
        continue;
      }
      const changed = Object.entries(addon).filter(([m, v]) => vendor[m] !== v);
      if (changed.length) {
        differences.push({ kind: 'enum', name, vendorName: vn(name), what: 'differs',
          vendor: vn(changed.map(([m]) => `${m} = ${vendor[m] ?? '(absent)'}`).join(', ')), addon: changed.map(([m, v]) => `${m} = ${v}`).join(', ') });
      }
      const extra = Object.keys(vendor).filter((m) => !(m in addon));
      if (extra.length) newerEnumMembers.push(...extra.map(vn));
    }
  }
  const newerFunctions = Object.keys(theirs.functions).filter((n) => !(n in ours.abi.functions)).map(vn).sort();
  return {
    prefix, differences, missingOptional: missingOptional.map(vn), newerFunctions, newerEnumMembers,
    checked: { functions: ours.required.length + ours.optional.length, types: seenTypes.size },
    unread: theirs.skipped,
  };
}

const enumText = (members) => Object.entries(members).map(([m, v]) => `${m} = ${v}`).join(', ');

/** The names (vendor's spelling) of the functions the addon requires, to look for among a library's exports. */
export function requiredExports(prefix, ours = addonAbi()) {
  return ours.required.filter((n) => n in ours.abi.functions).map((n) => vendorName(n, prefix ?? 'Platform'));
}
