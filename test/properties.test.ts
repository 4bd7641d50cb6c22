// Every property the types declare reads what they say. At run time: no exported class has an
// accessor with a setter and no getter (a property typed as readable that reads undefined). At the
// type level: the voice settings are enumerated exhaustively (a Record over every non-method key
// of ClientVoice and Call), and each is read on a live client and checked against that list.
import * as sdk from '../lib/index';
import * as testing from '../lib/testing';
import { ClientVoice, type Call } from '../lib/index';
import { closeAll, freshWorld, type World } from './helpers';

let w: World;
beforeEach(() => {
  w = freshWorld();
});
afterEach(() => closeAll(w));

test('no exported class has a write-only accessor', () => {
  const classes = Object.entries({ ...sdk, ...testing }).filter(([, v]) => typeof v === 'function' && /^class\b/.test(Function.prototype.toString.call(v)));
  expect(classes.length).toBeGreaterThan(15);
  const writeOnly: string[] = [];
  let accessors = 0;
  for (const [name, cls] of classes) {
    for (const target of [(cls as { prototype: object }).prototype, cls]) {
      for (const [key, d] of Object.entries(Object.getOwnPropertyDescriptors(target))) {
        if (d.get || d.set) accessors++;
        if (d.set && !d.get) writeOnly.push(`${name}.${key}`);
      }
    }
  }
  expect(accessors).toBeGreaterThan(20);
  expect(writeOnly).toEqual([]);
});

type Props<T> = { [K in keyof T]: T[K] extends (...args: never[]) => unknown ? never : K }[keyof T] & string;
type Kind = 'number' | 'boolean' | 'boolean|null' | 'string' | 'string|null' | 'object' | 'object|null' | 'array';
// Exhaustive: a property added to (or removed from) ClientVoice's or Call's types fails to compile here.
const VOICE: Record<Props<ClientVoice>, Kind> = {
  inputVolume: 'number', outputVolume: 'number', selfMuteAll: 'boolean', selfDeafAll: 'boolean',
  echoCancellation: 'boolean|null', noiseSuppression: 'boolean|null', noiseCancellation: 'boolean|null', automaticGainControl: 'boolean|null',
};
const CALL: Record<Props<Call>, Kind> = {
  channelId: 'string', guildId: 'string|null', status: 'string', participants: 'array', audioMode: 'string',
  pttActive: 'boolean', pttReleaseDelayMs: 'number', selfMute: 'boolean', selfDeaf: 'boolean', vadThreshold: 'object', audio: 'object|null',
};

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  return Array.isArray(value) ? 'array' : typeof value;
}

function expectKind(owner: string, key: string, value: unknown, kind: Kind) {
  expect({ key: `${owner}.${key}`, kind: kindOf(value) }).toEqual({ key: `${owner}.${key}`, kind: expect.stringMatching(new RegExp(`^(${kind})$`)) });
}

test('every voice setting and call property reads a value of its declared type', async () => {
  const client = w.client();
  await w.signIn(client);
  for (const [key, kind] of Object.entries(VOICE)) expectKind('voice', key, client.voice[key as keyof ClientVoice], kind as Kind);
  // The four audio-processing switches have no SDK getter: null until set, then what was set.
  for (const key of ['echoCancellation', 'noiseSuppression', 'noiseCancellation', 'automaticGainControl'] as const) {
    expect(client.voice[key]).toBeNull();
    client.voice[key] = false;
    expect(client.voice[key]).toBe(false);
    client.voice[key] = true;
    expect(client.voice[key]).toBe(true);
    expect(() => { (client.voice as unknown as Record<string, unknown>)[key] = 'yes'; }).toThrow(new RegExp(`^${key} must be a boolean`));
    expect(client.voice[key]).toBe(true);  // a rejected value changes nothing
  }
  const lobby = await client.lobbies.createOrJoin('properties-test');
  const call = client.voice.startCall(lobby.id);
  for (const [key, kind] of Object.entries(CALL)) expectKind('call', key, call[key as keyof Call], kind as Kind);
  await client.voice.endAllCalls();
});
