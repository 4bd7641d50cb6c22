// The SDK enums of the TypeScript API (lib/sdk-enums.ts), from the schema's `enum` declarations,
// each checked against its C enum in vendor/platform-sdk/include/cplatform.h (read with
// scripts/sdk-check/c-header.mjs): a member missing, renamed or renumbered on either side stops the
// generator with a message naming the enum and the member.
import { parseHeader } from '../sdk-check/c-header.mjs';

/** lowerCamel of a C member's name: HTTPError → httpError, OIDC → oidc, PS4 → ps4, Dnd → dnd. */
export function lowerCamel(name) {
  const run = /^[A-Z]+/.exec(name)?.[0] ?? '';
  // A capital run before a lower-case letter keeps its last capital (the next word's start).
  const keep = run.length > 1 && /[a-z]/.test(name[run.length] ?? '') ? run.length - 1 : run.length;
  return name.slice(0, keep).toLowerCase() + name.slice(keep);
}

/** CONSTANT_CASE of a TS type name: ClientStatus → CLIENT_STATUS. */
function constantCase(name) {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();
}

// The largest value an enum may have: its value → name table is an array indexed by value.
const MAX_VALUE = 0xffff;

/**
 * Throws, naming the enum and the member, unless every declared enum matches cplatform.h: each
 * declared member is a member of the C enum with the same value, and each C member (but the
 * `_forceint` that sizes it) is declared.
 */
export function checkEnums(enums, headerText) {
  const header = parseHeader(headerText).enums;
  const names = new Set();
  for (const e of enums) {
    if (names.has(e.name)) throw new Error(`${e.where}: enum ${e.name} declared twice`);
    names.add(e.name);
    const c = header[e.c];
    if (!c) throw new Error(`${e.where}: enum ${e.name}: cplatform.h has no enum ${e.c}`);
    const prefix = `${e.c}_`;
    const cMembers = Object.entries(c).filter(([k]) => k !== `${prefix}forceint`);
    const matched = new Set();
    const seen = new Set(e.extras);
    for (const m of e.members) {
      if (seen.has(m.name)) throw new Error(`${m.where}: enum ${e.name}: member ${m.name} declared twice`);
      seen.add(m.name);
      const entry = cMembers.find(([k]) => (m.cName ? k === `${prefix}${m.cName}` : k.startsWith(prefix) && lowerCamel(k.slice(prefix.length)) === m.name));
      if (!entry) {
        throw new Error(`${m.where}: enum ${e.name} member ${m.name}: cplatform.h's ${e.c} has no ${prefix}${m.cName ?? `<${m.name}>`} (renamed or removed? name its C member after the value)`);
      }
      if (entry[1] !== m.value) {
        throw new Error(`${m.where}: enum ${e.name} member ${m.name} is ${m.value} here, but cplatform.h has ${entry[0]} = ${entry[1]}`);
      }
      if (m.value > MAX_VALUE) throw new Error(`${m.where}: enum ${e.name} member ${m.name}: values above ${MAX_VALUE} are not supported`);
      matched.add(entry[0]);
      // The C member (an enum argument of native/boundary/methods.schema checks against it).
      m.cMember = entry[0];
    }
    for (const [k, v] of cMembers) {
      if (!matched.has(k)) {
        throw new Error(`${e.where}: enum ${e.name}: cplatform.h's ${k} = ${v} is not declared (add "  ${lowerCamel(k.slice(prefix.length))} ${v}")`);
      }
    }
  }
}

/** lib/sdk-enums.ts: per enum its type, names in value order, name → value and value → name. */
export function sdkEnumsModule(enums, header) {
  const out = [`// ${header}
// The SDK enums, each checked against its C enum in vendor/platform-sdk/include/cplatform.h when
// generated. Per enum <Type>: the type (its names, plus any the TS API adds), <TYPE>_NAMES (the
// names with an SDK value, in value order), <TYPE>_VALUES (name → SDK value) and <TYPE>_BY_VALUE
// (SDK value → name, an array indexed by value: a lookup runs for every message delivered).

// value → name: holes where the SDK has no member, so that a lookup of an unknown value is undefined.
function byValue<T extends string>(values: Readonly<Record<T, number>>): readonly (T | undefined)[] {
  const names: (T | undefined)[] = [];
  for (const name of Object.keys(values) as T[]) names[values[name]] = name;
  return Object.freeze(names);
}
`];
  for (const e of enums) {
    const k = constantCase(e.name);
    const all = [...e.members.map((m) => m.name), ...e.extras];
    const valued = e.extras.length ? `Exclude<${e.name}, ${e.extras.map((x) => `'${x}'`).join(' | ')}>` : e.name;
    const extras = e.extras.length ? ` The TS API adds ${e.extras.map((x) => `\`${x}\``).join(', ')} (no SDK value).` : '';
    out.push(`/** ${e.doc ? `${e.doc} ` : ''}(${e.c} in cplatform.h.)${extras} */
export type ${e.name} = ${all.map((n) => `'${n}'`).join(' | ')};
/** The ${e.name} names that have an SDK value, in value order. */
export const ${k}_NAMES: readonly ${valued}[] = Object.freeze([${e.members.map((m) => `'${m.name}'`).join(', ')}]);
/** The SDK value of each ${e.name} name. */
export const ${k}_VALUES: Readonly<Record<${valued}, number>> = Object.freeze({
${e.members.map((m) => `  ${m.name}: ${m.value},`).join('\n')}
});
/** The ${e.name} name of each SDK value (undefined: none). */
export const ${k}_BY_VALUE = byValue(${k}_VALUES);
`);
  }
  return out.join('\n');
}
