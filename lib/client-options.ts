// Reading new Client(options): every option checked (each key read once) before anything native
// is created; a bad one is a TypeError/RangeError naming it.
import type { ClientOptions } from './client-types';
import { AUDIO_SYSTEMS, LOG_LEVELS } from './enums';
import { DEFAULT_IDLE_PUMP_INTERVAL_MS, DEFAULT_PUMP_INTERVAL_MS } from './pump';
import {
  checkBoolean, checkEnum, checkInt, checkOptionalOptions, checkOptionalPath, checkOptionalString, toId,
} from './validate';

const OPTION_KEYS = [
  'applicationId', 'sdkPath', 'allowUntestedSdk', 'apiBase', 'webBase', 'httpTimeoutMs', 'logLevel', 'voiceLogLevel', 'logDir',
  'voiceLogDir', 'cpuAffinityMask', 'audioSystem', 'androidPreventCommsForBluetooth', 'pumpIntervalMs',
  'idlePumpIntervalMs', 'eventQueueLimit',
] as const;

/** The options of a Client, checked, with their defaults. */
export function readClientOptions(options: ClientOptions) {
  const o = checkOptionalOptions<ClientOptions>(options, 'options', OPTION_KEYS);
  const applicationId = o.applicationId === undefined ? undefined : toId(o.applicationId, 'options.applicationId');
  const sdkPath = checkOptionalPath(o.sdkPath, 'options.sdkPath');
  const allowUntestedSdk = o.allowUntestedSdk === undefined ? false : checkBoolean(o.allowUntestedSdk, 'options.allowUntestedSdk');
  const apiBase = checkOptionalString(o.apiBase, 'options.apiBase', { min: 1 });
  const webBase = checkOptionalString(o.webBase, 'options.webBase', { min: 1 });
  const httpTimeoutMs = o.httpTimeoutMs === undefined ? undefined : checkInt(o.httpTimeoutMs, 'options.httpTimeoutMs', 1, 2 ** 31 - 1);
  const logLevel = o.logLevel === undefined ? 'warning' : checkEnum(o.logLevel, 'options.logLevel', LOG_LEVELS);
  const voiceLogLevel = o.voiceLogLevel === undefined ? 'warning' : checkEnum(o.voiceLogLevel, 'options.voiceLogLevel', LOG_LEVELS);
  const logDir = checkOptionalPath(o.logDir, 'options.logDir');
  const voiceLogDir = checkOptionalPath(o.voiceLogDir, 'options.voiceLogDir');
  if (o.cpuAffinityMask !== undefined && (typeof o.cpuAffinityMask !== 'bigint' || o.cpuAffinityMask < 0n || o.cpuAffinityMask >= 1n << 64n)) {
    throw new TypeError('options.cpuAffinityMask must be a bigint in 0..2^64-1');
  }
  const audioSystem = o.audioSystem === undefined ? undefined : checkEnum(o.audioSystem, 'options.audioSystem', AUDIO_SYSTEMS);
  if (o.androidPreventCommsForBluetooth !== undefined) checkBoolean(o.androidPreventCommsForBluetooth, 'options.androidPreventCommsForBluetooth');
  const pumpIntervalMs = o.pumpIntervalMs === undefined ? DEFAULT_PUMP_INTERVAL_MS : checkInt(o.pumpIntervalMs, 'options.pumpIntervalMs', 1, 1000);
  const idlePumpIntervalMs = Math.max(pumpIntervalMs, o.idlePumpIntervalMs === undefined
    ? DEFAULT_IDLE_PUMP_INTERVAL_MS : checkInt(o.idlePumpIntervalMs, 'options.idlePumpIntervalMs', 1, 10_000));
  const eventQueueLimit = o.eventQueueLimit === undefined ? undefined : checkInt(o.eventQueueLimit, 'options.eventQueueLimit', 1, 2 ** 31 - 1);
  return {
    applicationId, sdkPath, allowUntestedSdk, apiBase, webBase, httpTimeoutMs, logLevel, voiceLogLevel, logDir, voiceLogDir,
    cpuAffinityMask: o.cpuAffinityMask, audioSystem, androidPreventCommsForBluetooth: o.androidPreventCommsForBluetooth,
    pumpIntervalMs, idlePumpIntervalMs, eventQueueLimit,
  };
}
