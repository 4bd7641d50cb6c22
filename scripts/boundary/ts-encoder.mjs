// The test suite's tape encoder, generated: write<Record>, write<Event>Event and
// write<Completion>Result into a TapeWriter (test/tape-writer.ts, the primitives of
// native/boundary/event_tape.h in TS), each field in schema order as the generated C++
// Encode<Record>/Write<Event>/Complete<Result> write it. Tests build their tapes with these, so
// a change of the schema changes the tapes the tests read with it, and no test knows a field order.
// The file does not ship (package.json "files" leaves test/ out). Imported by
// scripts/gen-boundary.mjs, which hands over its own `shape`.

export const TAPE_WRITERS_FILE = 'test/generated/tape-writers.ts';

// The statements writing `v` (a TS expression of field `f`'s Native type) into writer `w`.
function tsWrite(f, v, shape, from) {
  const sh = shape(f.type);
  if (f.shared !== undefined) return `w.shared(${from}.${f.shared}, ${v}, write${sh.record}, ${f.batch ? 'true' : 'false'});`;
  if (f.same !== undefined) return `w.same(${v}, ${from}.${f.same});`;
  if (sh.record) {
    if (sh.list) return `w.num(${v}.length); for (const x of ${v}) write${sh.record}(w, x);`;
    if (sh.optional) return `w.bool(${v} !== null); if (${v} !== null) write${sh.record}(w, ${v});`;
    return `write${sh.record}(w, ${v});`;
  }
  return {
    id: `w.id(${v});`, id0: `w.optId(${v});`, 'id?': `w.optId(${v});`, 'id[]': `w.ids(${v});`, str: `w.str(${v});`,
    'str?': `w.optStr(${v});`, num: `w.num(${v});`, 'num?': `w.num(${v} ?? -1);`, bool: `w.bool(${v});`, map: `w.map(${v});`,
  }[f.type];
}

// `names` comma-separated, two spaces in, lines broken before 100 columns.
function lines(names) {
  const out = [];
  for (const name of names) {
    if (out.length && out[out.length - 1].length + name.length < 96) out[out.length - 1] += ` ${name},`;
    else out.push(`  ${name},`);
  }
  return out.join('\n');
}

function writer(fn, type, fields, shape, value = 'v') {
  const used = fields.length > 0 ? value : `_${value}`;
  return `export function ${fn}(w: TapeWriter, ${used}: ${type}): void {${fields.map((f) => `\n  ${tsWrite(f, `${value}.${f.name}`, shape, value)}`).join('')}${fields.length ? '\n' : ''}}
`;
}

/**
 * The generated test encoder: { [TAPE_WRITERS_FILE]: text }. Only what the tests write (the
 * schema's `uses test` lines), the records inside it, and writeEvent with the FailedResult of its header.
 */
export function tapeWriterFiles(s, { shape, header }) {
  const named = new Set(s.uses.test.map((u) => u.record));
  const needed = new Set(['FailedResult']);
  const visit = (fields) => {
    for (const f of fields) {
      const record = shape(f.type).record;
      if (record && !needed.has(record)) needed.add(record), visit(s.records.find((r) => r.name === record).fields);
    }
  };
  visit(s.records.find((r) => r.name === 'FailedResult')?.fields ?? []);
  const events = s.events.filter((e) => e.name !== 'Completion' && named.has(`${e.name}Event`));
  const completions = s.completions.filter((c) => named.has(`${c.name}Result`));
  for (const r of s.records) if (named.has(r.name)) needed.add(r.name), visit(r.fields);
  for (const d of [...events, ...completions]) visit(d.fields);
  const records = s.records.filter((r) => needed.has(r.name));
  const types = [
    ...records.map((r) => `Native${r.name}`),
    ...events.map((e) => `Native${e.name}Event`),
    ...completions.map((c) => `Native${c.name}Result`),
  ];
  const out = [`// ${header}
// The tape encoder of the tests (scripts/boundary/ts-encoder.mjs): the records, events and
// completion results the tests write (the schema's \`uses test\`), as
// native/boundary/boundary_codecs.h writes them.
import {
${lines(['EventKind', ...types.map((t) => `type ${t}`)])}
} from '../../lib/boundary';
import type { TapeWriter } from '../tape-writer';

/**
 * One event: its header, its result (null: success; else a failed ClientResult, the FailedResult
 * record), then the fields \`body\` writes (EventTape::Begin/End).
 */
export function writeEvent(w: TapeWriter, kind: EventKind, opId: number, result: NativeFailedResult | null, body: () => void): void {
  const mark = w.begin(kind, opId);
  w.bool(result !== null);
  if (result !== null) writeFailedResult(w, result);
  body();
  w.end(mark);
}
`];
  for (const r of records) out.push(writer(`write${r.name}`, `Native${r.name}`, r.fields, shape));
  for (const e of events) {
    out.push(`/** A whole ${e.name} event: its header (kind ${e.kind}${e.op ? ', the operation `opId`' : ''}), then its fields. */
export function write${e.name}Event(w: TapeWriter, ${e.fields.length ? 'e' : '_e'}: Native${e.name}Event${e.op ? ', opId: number' : ''}): void {
  writeEvent(w, EventKind.${e.name}, ${e.op ? 'opId' : '0'}, null, () => {${e.fields.map((f) => `\n    ${tsWrite(f, `e.${f.name}`, shape, 'e')}`).join('')}${e.fields.length ? '\n  ' : ''}});
}
`);
  }
  for (const c of completions) {
    out.push(`/** The fields of a ${c.name} completion result (after its Completion event's header: writeEvent). */
${writer(`write${c.name}Result`, `Native${c.name}Result`, c.fields, shape, 'c')}`);
  }
  return { [TAPE_WRITERS_FILE]: out.join('\n') };
}
