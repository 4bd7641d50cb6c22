// An operation settles exactly once: when its completion's result cannot be read (a reader that
// throws: a bug of ours or a damaged tape), its promise rejects instead of never settling, and the
// client's next operation still settles.
import { PlatformError } from '../lib/errors';
import { Operations } from '../lib/operations';
import { TapeReader } from '../lib/tape';
import { closeAll, freshWorld, type World } from './helpers';
import { writeMessageIdResult } from './generated/tape-writers';
import { TapeWriter } from './tape-writer';

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

// The SDK's failure is data, not input: a vendor library may send a text past PlatformError's
// 64 KiB bound or an odd number. The operation still rejects with a PlatformError (the text cut,
// the number dropped), never leaves its promise pending.
test('a failure whose SDK text and numbers are out of bounds still rejects the operation with a PlatformError', async () => {
  const ops = new Operations();
  let id = 0;
  const pending = ops.start('sendLobbyMessage', {}, (opId) => { id = opId; });
  // A failed send's completion still carries its MessageId fields (CompleteMessageId writes them).
  const fields = new TapeWriter();
  writeMessageIdResult(fields, { messageId: '0' });
  ops.complete(id, { type: 1, errorCode: 2 ** 40, status: 70000, retryable: false, retryAfterSeconds: 0, error: 'x'.repeat(70000), responseBody: '' },
    fields.reader());
  const err = await pending.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(PlatformError);
  expect((err as PlatformError).code).toBe(0);
  expect((err as PlatformError).status).toBe(0);
  expect((err as Error).message.length).toBeLessThan(70000);
  expect(ops.size).toBe(0);
});
