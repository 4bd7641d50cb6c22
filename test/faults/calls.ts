// A call's status walk as a promise, for tracking calls like the other operations.
import type { Call } from '../../lib/index';

/** A call's status walk as a promise: resolves at 'connected', rejects with CallEnded at 'disconnected'. */
export class CallEnded extends Error {
  constructor(readonly error: string, readonly errorDetail: number) {
    super(`call ended (${error}, detail ${errorDetail})`);
  }
}

export function callOutcome(call: Call): Promise<'connected'> {
  return new Promise((resolve, reject) => {
    const on = (e: { status: string; error: string; errorDetail: number }) => {
      if (e.status === 'connected') resolve('connected');
      else if (e.status === 'disconnected') reject(new CallEnded(e.error, e.errorDetail));
      else return;
      call.off('status', on);
    };
    call.on('status', on);
  });
}
