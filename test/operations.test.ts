// An operation settles exactly once: when its completion's result cannot be read (a reader that
// throws: a bug of ours or a damaged tape), its promise rejects instead of never settling, and the
// client's next operation still settles.
import { TapeReader } from '../lib/tape';
import { closeAll, freshWorld, type World } from './helpers';

let w: World;
beforeEach(() => {
  w = freshWorld();
});
afterEach(() => {
  jest.restoreAllMocks();
  return closeAll(w);
});

test('a completion whose result cannot be read rejects the operation, and the next one still settles', async () => {
  const alice = w.client();
  await w.signIn(alice);
  const lobby = await alice.lobbies.createOrJoin('ops');
  await lobby.sendMessage('one');
  // A message's author is read only inside its record (lib/boundary.ts decodeMessage reads the
  // history's messages itself, not through TapeReader.list, and calls the reader for the author).
  const shared = TapeReader.prototype.shared;
  let failures = 1;
  jest.spyOn(TapeReader.prototype, 'shared').mockImplementation(function (this: TapeReader, ...args: Parameters<typeof shared>) {
    if (failures > 0) {
      failures--;
      throw new RangeError('damaged tape');
    }
    return shared.apply(this, args) as never;
  });
  const failed = lobby.getMessages({ limit: 10 });
  await expect(failed).rejects.toThrow(/could not be read/);
  await failed.catch((err: Error) => expect((err.cause as Error).message).toBe('damaged tape'));
  // The failure went to the history's reader, not to some other event read on the way.
  expect(failures).toBe(0);
  // Settled once, and the client is still usable.
  const history = await lobby.getMessages({ limit: 10 });
  expect(history.map((m) => m.content)).toEqual(['one']);
});
