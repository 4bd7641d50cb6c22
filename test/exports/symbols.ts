// What a C or C++ program can link against: the functions cplatform.h declares, and the functions
// a built SDK library exports. Takes the library's path, so the same check runs on the Linux
// shared object (nm -D) and on a Windows DLL (mingw-w64 objdump -p, the export table).
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';

/** Every function the header declares (PLATFORM_API prototypes; callback typedefs are not functions). */
export function declaredFunctions(headerText: string): string[] {
  const code = headerText.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/\/\/[^\n]*/g, ' ');
  const names = new Set<string>();
  for (const m of code.matchAll(/\bPLATFORM_API\b[^;(){}]*?\b(Platform_\w+)\s*\(/g)) if (m[1]) names.add(m[1]);
  return [...names].sort();
}

function runTool(cmd: string, args: string[]): string {
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.error) throw new Error(`cannot run ${cmd}: ${r.error.message}`);
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status}): ${r.stderr}`);
  return r.stdout;
}

/** Names in a DLL's export table, as `objdump -p` prints it ("[Ordinal/Name Pointer] Table"). */
export function parseDllExports(objdumpOutput: string): string[] {
  const start = objdumpOutput.indexOf('[Ordinal/Name Pointer] Table');
  if (start < 0) return [];
  const names: string[] = [];
  for (const line of objdumpOutput.slice(start).split(/\r?\n/).slice(1)) {
    const name = /^\s*\[\s*\d+\]\s+(\S+)\s*$/.exec(line)?.[1];
    if (!name) break;
    names.push(name);
  }
  return names;
}

/** Defined dynamic symbols of an ELF shared object, as `nm -D --defined-only` prints them. */
export function parseNmExports(nmOutput: string): string[] {
  const names: string[] = [];
  for (const line of nmOutput.split(/\r?\n/)) {
    const name = /^[0-9a-fA-F]*\s+[A-Za-z]\s+(\S+)$/.exec(line.trim())?.[1];
    if (name) names.push(name.replace(/@.*$/, ''));
  }
  return names;
}

/** The functions a built library exports (.dll: the export table; otherwise the ELF dynamic symbols). */
export function exportedFunctions(libraryPath: string): string[] {
  if (!fs.existsSync(libraryPath)) throw new Error(`no library at ${libraryPath}`);
  if (/\.dll$/i.test(libraryPath)) {
    const objdump = process.env.OBJDUMP ?? (process.platform === 'win32' ? 'objdump' : 'x86_64-w64-mingw32-objdump');
    return parseDllExports(runTool(objdump, ['-p', libraryPath]));
  }
  return parseNmExports(runTool('nm', ['-D', '--defined-only', libraryPath]));
}

/** Declared functions the library does not export (empty when a C program using any of them links). */
export function missingExports(headerPath: string, libraryPath: string): string[] {
  const exported = new Set(exportedFunctions(libraryPath));
  return declaredFunctions(fs.readFileSync(headerPath, 'utf8')).filter((name) => !exported.has(name));
}
