// Generated TS readers that take the readers of their records as parameters: an event's or a
// completion's fields read in schema order, each record-typed field by the reader the caller
// hands over (a Message by decodeMessage into the Message class). The code that builds its own
// objects from a payload then knows no payload's field order: only lib/boundary.ts does.
// Imported by scripts/gen-boundary.mjs, which hands over its own `shape` and `tsType`.

// The record types of `fields`, in the order they first appear.
function recordTypes(fields, shape) {
  return [...new Set(fields.map((f) => shape(f.type).record).filter(Boolean))];
}

// A field's read, its records through the reader parameters (`read<Record>` named as the plain
// readers are, so the parameter shadows the generated reader).
function readWith(f, shape) {
  const sh = shape(f.type);
  if (f.shared !== undefined) return `r.shared(read${sh.record})`;
  if (sh.optional) return `r.bool() ? read${sh.record}(r) : null`;
  return `read${sh.record}(r)`;
}

// A field's TS type with each record type its type parameter.
function typeWith(f, shape, tsType) {
  const sh = shape(f.type);
  if (!sh.record) return tsType(f);
  return `T${sh.record}${sh.list ? '[]' : sh.optional || f.shared !== undefined ? ' | null' : ''}`;
}

function readerWith(fn, what, fields, decodedRecords, { shape, tsType, tsRead }) {
  const records = recordTypes(fields, shape);
  const decoded = records.filter((t) => decodedRecords.has(t));
  const typeParams = records.map((t) => `T${t}`).join(', ');
  const readers = records.map((t) => `read${t}: (r: TapeReader) => T${t}`).join(', ');
  const type = `{ ${fields.map((f) => `${f.name}: ${typeWith(f, shape, tsType)}`).join('; ')} }`;
  const reads = fields.map((f) => {
    const sh = shape(f.type);
    if (['r', 'k'].includes(f.name)) throw new Error(`${f.where}: field name '${f.name}' is one ${fn}With uses itself: rename the field`);
    // A list's loop here, not TapeReader.list: list()'s call of its reader serves every record
    // type, so V8 does not inline one there (a history's 200 decodeMessage calls: row 3).
    if (sh.list && f.shared === undefined) {
      return `  const ${f.name}: T${sh.record}[] = new Array(r.num());\n  for (let k = 0; k < ${f.name}.length; k++) ${f.name}[k] = read${sh.record}(r);`;
    }
    return `  const ${f.name} = ${sh.record ? readWith(f, shape) : tsRead(f)};`;
  });
  return `/**
 * ${what}, its records read by the readers given: read<Record> reads a Native record,
 * ${decoded.map((t) => `decode${t}`).join(', ')} the caller's own objects (the schema's \`decode\`).
 */
export function ${fn}With<${typeParams}>(
  r: TapeReader, ${readers},
): ${type} {
${reads.join('\n')}
  return { ${fields.map((f) => f.name).join(', ')} };
}
`;
}

/**
 * The `…With` readers of the records, events and completions of the schema's `uses with` lines:
 * what lib/ reads straight into its own objects (each carries a record marked `decode`); the
 * others are read whole by their plain readers.
 */
export function tsReadersWith(s, helpers) {
  const decoded = new Set(s.records.filter((r) => r.decode).map((r) => r.name));
  const carries = (fields) => recordTypes(fields, helpers.shape).some((t) => decoded.has(t));
  const named = new Set(s.uses.with.map((u) => u.record));
  for (const u of s.uses.with) {
    const r = s.records.find((x) => x.name === u.record);
    if (r?.decode) throw new Error(`${u.where}: ${u.record} is read by decode${u.record} (\`decode\`), not a …With reader`);
  }
  const pick = (decls, name) => decls.filter((d) => {
    if (!named.has(name(d))) return false;
    if (!carries(d.fields)) throw new Error(`${s.uses.with.find((u) => u.record === name(d)).where}: ${name(d)} has no field of a \`decode\` record to read with the caller's reader`);
    return true;
  });
  return [
    ...pick(s.records, (r) => r.name).map((r) => readerWith(`read${r.name}`, `The ${r.name} record`, r.fields, decoded, helpers)),
    ...pick(s.events, (e) => `${e.name}Event`).map((e) => readerWith(`read${e.name}Event`, `The fields of a ${e.name} event`, e.fields, decoded, helpers)),
    ...pick(s.completions, (c) => `${c.name}Result`).map((c) => readerWith(`read${c.name}Result`, `The ${c.name} completion's result`, c.fields, decoded, helpers)),
  ];
}
