// The SDK enums of the TS API are declared once (the `enum` declarations of
// native/boundary/boundary.schema), generated into lib/sdk-enums.ts and checked against
// vendor/platform-sdk/include/cplatform.h by scripts/gen-boundary.mjs: a member the header
// renumbers, renames or adds stops the generator with a message naming the enum and the member.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { activityActionName, bitsToPlatforms, channelTypeName, logLevelName, logLevelValue, platformsToBits } from '../lib/enums';
import { CHANNEL_TYPE_VALUES, ERROR_TYPE_VALUES, GAME_PLATFORM_VALUES, LOG_LEVEL_VALUES } from '../lib/sdk-enums';
import { ROOT } from './helpers';

const GENERATOR = path.join(ROOT, 'scripts/gen-boundary.mjs');
const HEADER = fs.readFileSync(path.join(ROOT, 'vendor/platform-sdk/include/cplatform.h'), 'utf8');

/** Runs the generator's check with `header` in place of cplatform.h. */
function checkWith(header: string): { status: number | null; stderr: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sdk-enums-'));
  try {
    const file = path.join(dir, 'cplatform.h');
    fs.writeFileSync(file, header);
    const r = spawnSync(process.execPath, [GENERATOR, '--check', `--header=${file}`], { encoding: 'utf8' });
    return { status: r.status, stderr: r.stderr };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function edited(from: string, to: string): string {
  const text = HEADER.replace(from, to);
  expect(text).not.toBe(HEADER);
  return text;
}

test('the header as committed: the generator accepts it', () => {
  const r = checkWith(HEADER);
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
});

test('a member renumbered in cplatform.h: the generator names the enum and the member', () => {
  const r = checkWith(edited('Platform_ChannelType_GuildNewsThread = 10,', 'Platform_ChannelType_GuildNewsThread = 9,'));
  expect(r.status).toBe(1);
  expect(r.stderr).toContain('enum ChannelType member guildNewsThread is 10 here, but cplatform.h has Platform_ChannelType_GuildNewsThread = 9');
});

test('a member renamed in cplatform.h: the generator names the member it no longer finds, and the new one', () => {
  const r = checkWith(edited('Platform_LoggingSeverity_Warning = 3,', 'Platform_LoggingSeverity_Warn = 3,'));
  expect(r.status).toBe(1);
  expect(r.stderr).toContain('enum LogLevel member warning: cplatform.h\'s Platform_LoggingSeverity has no Platform_LoggingSeverity_<warning>');
});

test('a member added to cplatform.h: the generator asks for its declaration', () => {
  const r = checkWith(edited('    Platform_ErrorType_RPCError = 9,\n', '    Platform_ErrorType_RPCError = 9,\n    Platform_ErrorType_Timeout = 10,\n'));
  expect(r.status).toBe(1);
  expect(r.stderr).toContain('enum ErrorType: cplatform.h\'s Platform_ErrorType_Timeout = 10 is not declared (add "  timeout 10")');
});

test('an enum cplatform.h does not have: the generator names it', () => {
  const r = checkWith(edited('} Platform_AudioSystem;', '} Platform_AudioSystems;'));
  expect(r.status).toBe(1);
  expect(r.stderr).toContain('enum AudioSystem: cplatform.h has no enum Platform_AudioSystem');
});

test('values are the SDK\'s, gaps and offsets included', () => {
  expect(LOG_LEVEL_VALUES.verbose).toBe(1);
  expect(logLevelValue('none')).toBe(5);
  expect(logLevelName(1)).toBe('verbose');
  expect(logLevelName(0)).toBe('error');  // no severity 0: the fallback
  expect(CHANNEL_TYPE_VALUES.guildNewsThread).toBe(10);
  expect(channelTypeName(10)).toBe('guildNewsThread');
  expect(channelTypeName(7)).toBe('unknown');  // the gap between 6 and 10
  expect(ERROR_TYPE_VALUES.rpcError).toBe(9);
  expect(GAME_PLATFORM_VALUES.ps5).toBe(128);
  expect(platformsToBits(['desktop', 'ios'])).toBe(1 | 8);
  expect(bitsToPlatforms(64 | 2)).toEqual(['xbox', 'ps4']);
  expect(activityActionName(5)).toBe('joinRequest');
  expect(activityActionName(2)).toBe('invalid');
});
