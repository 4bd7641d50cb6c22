// TypedEmitter.emit calls a lone listener itself (lib/typed-emitter.ts) instead of going through
// EventEmitter.emit. Whatever path it takes, what a listener sees must be what Node's own emit
// gives: each scenario runs on a plain EventEmitter and on a TypedEmitter, and both records of
// calls, return values and exceptions must be the same (and as written here).
import { EventEmitter } from 'node:events';
import { TypedEmitter } from '../lib/typed-emitter';

type Log = unknown[];
type Scenario = (e: EventEmitter, log: Log) => void;

// What `scenario` does to a fresh emitter of each kind: the log it leaves, or the exception it throws.
function both(scenario: Scenario): { node: Log; ours: Log } {
  const run = (e: EventEmitter): Log => {
    const log: Log = [];
    try {
      scenario(e, log);
    } catch (err) {
      log.push(['threw', (err as { message?: unknown }).message]); // errors of two realms under jest
    }
    return log;
  };
  return { node: run(new EventEmitter()), ours: run(new TypedEmitter<{ [k: string]: unknown[] }>()) };
}

function expectSame(scenario: Scenario, expected: Log): void {
  const { node, ours } = both(scenario);
  expect(node).toEqual(expected); // the scenario says what Node does
  expect(ours).toEqual(expected);
}

test('no listener: emit returns false and calls nothing', () => {
  expectSame((e, log) => {
    log.push(e.emit('x'), e.emit('x', 1));
    e.on('y', () => log.push('y'));
    log.push(e.emit('x', 1));
  }, [false, false, false]);
});

test('one listener: same this, same argument count (none, undefined, one, several), returns true', () => {
  expectSame((e, log) => {
    e.on('x', function (this: unknown, ...args: unknown[]) { log.push([this === e, args.length, ...args]); });
    log.push(e.emit('x'), e.emit('x', undefined), e.emit('x', 7), e.emit('x', 1, 2, 3));
  }, [[true, 0], [true, 1, undefined], [true, 1, 7], [true, 3, 1, 2, 3], true, true, true, true]);
});

test('a listener added during emit is called from the next emit on', () => {
  expectSame((e, log) => {
    const late = (v: unknown): void => { log.push(['late', v]); };
    e.on('x', (v: unknown) => { log.push(['first', v]); e.on('x', late); });
    e.emit('x', 1);
    e.emit('x', 2);
  }, [['first', 1], ['first', 2], ['late', 2]]);
});

test('a listener removed during emit is still called for that event, not after', () => {
  expectSame((e, log) => {
    const second = (v: unknown): void => { log.push(['second', v]); };
    const first = (v: unknown): void => { log.push(['first', v]); e.off('x', second); };
    e.on('x', first);
    e.on('x', second);
    e.emit('x', 1);
    e.emit('x', 2);
  }, [['first', 1], ['second', 1], ['first', 2]]);
});

test('a lone listener that removes itself is called once', () => {
  expectSame((e, log) => {
    const self = (v: unknown): void => { log.push(v); e.off('x', self); };
    e.on('x', self);
    log.push(e.emit('x', 1), e.emit('x', 2));
  }, [1, true, false]);
});

test('once: called with the argument once, then gone', () => {
  expectSame((e, log) => {
    e.once('x', (...args: unknown[]) => log.push(args));
    log.push(e.emit('x', 'a'), e.emit('x', 'b'), e.listenerCount('x'));
  }, [['a'], true, false, 0]);
});

test('a throwing listener: the exception leaves emit, later listeners of that event are not called', () => {
  expectSame((e) => {
    e.on('x', () => { throw new Error('boom'); });
    e.emit('x', 1);
  }, [['threw', 'boom']]);
  expectSame((e, log) => {
    e.on('x', () => { throw new Error('boom'); });
    e.on('x', () => log.push('second'));
    e.emit('x');
  }, [['threw', 'boom']]);
});

test("'error' with no listener throws the error; with one, the listener gets it", () => {
  // (Node wraps an error from jest's realm in ERR_UNHANDLED_ERROR: its message names the error.)
  expectSame((e) => { e.emit('error', new Error('unheard')); }, [['threw', expect.stringContaining('unheard')]]);
  expectSame((e, log) => {
    e.on('error', (err: Error) => log.push(err.message));
    log.push(e.emit('error', new Error('heard')));
  }, ['heard', true]);
});

test('prependListener and removeAllListeners are seen by the next emit', () => {
  expectSame((e, log) => {
    e.on('x', () => log.push('b'));
    e.prependListener('x', () => log.push('a'));
    e.emit('x');
    e.removeAllListeners('x');
    log.push(e.emit('x'));
    e.prependListener('x', () => log.push('c'));
    e.emit('x');
  }, ['a', 'b', false, 'c']);
});

test('captureRejections: a rejected promise from a lone listener reaches the error listener', async () => {
  const saved = EventEmitter.captureRejections;
  EventEmitter.captureRejections = true;
  let e: TypedEmitter<{ x: []; error: [Error] }>;
  try {
    e = new TypedEmitter<{ x: []; error: [Error] }>();
  } finally {
    EventEmitter.captureRejections = saved;
  }
  const errors: string[] = [];
  e.on('error', (err) => errors.push(err.message));
  e.on('x', () => Promise.reject(new Error('async boom')));
  e.emit('x');
  await new Promise((resolve) => setImmediate(resolve)); // Node reports it from a microtask
  expect(errors).toEqual(['async boom']);
});

test('emit stays a non-enumerable prototype method, as a class method is', () => {
  const d = Object.getOwnPropertyDescriptor(TypedEmitter.prototype, 'emit');
  expect(d).toMatchObject({ enumerable: false, writable: true, configurable: true });
  expect(Object.keys(new TypedEmitter())).toEqual(Object.keys(new EventEmitter()));
});

// Found by the fuzz suite: Node's removeAllListeners(type) reads its live list while the `once`
// listeners of 'removeListener' it announces each removal to remove themselves, and then throws
// for a listener it never had ("must be of type function. Received undefined"). Ours removes every
// listener, each announced once to the listeners still there, last first as Node orders them.
test("removeAllListeners with `once` listeners of 'removeListener': all removed, none of Node's spurious TypeError", () => {
  const scenario = (e: EventEmitter, log: Log): void => {
    e.on('removeListener', () => log.push('watcher'));
    for (const name of ['a', 'b', 'c']) e.once('removeListener', () => log.push(name));
    e.on('x', () => undefined);
    e.removeAllListeners('removeListener');
    log.push(e.listenerCount('removeListener'), e.listenerCount('x'));
  };
  const { node, ours } = both(scenario);
  expect(node.at(-1)).toEqual(['threw', expect.stringMatching(/Received undefined/)]);
  // Removing c (the last) is announced to watcher, a and b. a, a `once`, first removes itself,
  // which is announced to watcher and b; b removes itself, announced to watcher; then b, then a
  // log. Removing the copy's b and a again is a no-op (announced to nobody); watcher goes last.
  expect(ours).toEqual(['watcher', 'watcher', 'watcher', 'b', 'a', 0, 1]);
  const e = new TypedEmitter<{ [k: string]: unknown[] }>();
  for (let i = 0; i < 3; i++) e.once('removeListener', () => undefined);
  e.on('x', () => undefined);
  e.removeAllListeners();
  expect(e.eventNames()).toEqual([]);
});
