// scripts/gen-sim-join.mjs writes the world host's proxy (simulator/join/generated/) from
// cplatform.h and platform_sim.h. These tests change the headers it reads and look at what it
// writes: a new function is forwarded with its parameters' wire forms, a parameter of a kind it
// has no wire form for stops it (naming the function and the parameter), and the functions that
// must stay in the joined process are never forwarded. The committed files being what it writes
// is test/boundary.test.ts's "out of step" check.
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, runNode } from './helpers';

const GENERATOR = path.join(ROOT, 'scripts', 'gen-sim-join.mjs');

/** Runs the generator on the checkout's headers after `change` (JS editing `h` = [cplatform, sim]). */
async function generated(change = ''): Promise<{ files?: Record<string, string>; error?: string }> {
  const url = JSON.stringify(pathToFileURL(GENERATOR).href);
  const r = await runNode(`import(${url}).then((g) => {
    const h = g.readHeaders();
    ((h) => { ${change} })(h);
    let out;
    try { out = { files: g.generate(h[0], h[1]) }; } catch (e) { out = { error: e.message }; }
    process.stdout.write(JSON.stringify(out));
  });`);
  expect(r.stderr).toBe('');
  return JSON.parse(r.stdout) as { files?: Record<string, string>; error?: string };
}

const DECL = 'void PLATFORM_API Platform_Client_Drop(Platform_Client *self);';

test('a function added to cplatform.h is forwarded: exported entry point, stub, dispatcher case, with its wire forms', async () => {
  const added = 'bool PLATFORM_API Platform_Client_Frobnicate(Platform_Client *self, Platform_String name, uint64_t *outCount, Platform_UserHandle *out);';
  const { files, error } = await generated(`h[0] = h[0].replace(${JSON.stringify(DECL)}, ${JSON.stringify(`${DECL}\n${added}`)});`);
  expect(error).toBeUndefined();
  const dispatch = files!['simulator/join/generated/dispatch.cc']!;
  expect(dispatch).toContain('PLATFORM_API bool Platform_Client_Frobnicate(Platform_Client *self, Platform_String name, uint64_t *outCount, Platform_UserHandle *out) {');
  expect(dispatch).toContain('if (joined()) [[unlikely]] return proxy::Platform_Client_Frobnicate(self, name, outCount, out);');
  expect(files!['simulator/join/generated/local_names.h']).toContain('#define Platform_Client_Frobnicate psimLocal_Platform_Client_Frobnicate');
  const host = files!['simulator/join/generated/host_dispatch.cc']!;
  const hostCase = host.slice(host.indexOf('case FnId::Platform_Client_Frobnicate:'));
  expect(hostCase.slice(0, hostCase.indexOf('return true;'))).toEqual(expect.stringContaining('checkIn(peer, ClassTag::Client, &v_self)'));
  expect(hostCase.slice(0, hostCase.indexOf('return true;'))).toEqual(expect.stringContaining('replyHandle(peer, reply, has_out, ClassTag::UserHandle, v_out);'));
  expect(hostCase.slice(0, hostCase.indexOf('return true;'))).toEqual(expect.stringContaining('reply.num<uint64_t>(v_outCount);'));
});

test('a parameter without a wire form stops the generator, naming the function and the parameter', async () => {
  const added = 'void PLATFORM_API Platform_Client_Weird(Platform_Client *self, Platform_String **names);';
  const { error } = await generated(`h[0] = h[0].replace(${JSON.stringify(DECL)}, ${JSON.stringify(`${DECL}\n${added}`)});`);
  expect(error).toMatch(/Platform_Client_Weird: no wire form for parameter names of type Platform_String \*\*/);
});

test('the allocator, LastError and the host functions stay in the joined process; the benchmark controls are not forwarded', async () => {
  const { files } = await generated();
  const ids = files!['simulator/join/generated/ids.h']!;
  for (const local of ['Platform_Alloc', 'Platform_Free', 'Platform_FreeProperties', 'PlatformSim_LastError', 'PlatformSim_HostStart', 'PlatformSim_HostStop', 'PlatformSim_JoinedPeerId']) {
    expect([local, ids.includes(`    ${local} = `)]).toEqual([local, false]);
  }
  expect(ids).toContain('    Platform_RunCallbacks = ');
  expect(ids).toContain('    PlatformSim_HostPeers = ');
  expect(Object.values(files!).some((text) => text.includes('PlatformSim_Bench'))).toBe(false);
});
