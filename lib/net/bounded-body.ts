// A request body read under a byte limit that is enforced as the bytes arrive: a body declared
// (Content-Length) or found (counted chunk by chunk) to be larger is refused at once, without
// reading the rest; the caller answers 413 with `Connection: close`, so that Node does not read
// the rest either (it would, to reuse the connection).
import type { IncomingMessage } from 'node:http';

/** The body as text, or null when it passes `max` bytes (nothing more is read then). */
export function readBoundedBody(req: IncomingMessage, max: number): Promise<string | null> {
  return new Promise((resolve, reject) => {
    // Node's parser accepts only a decimal Content-Length; past the limit, nothing is read.
    const declared = req.headers['content-length'];
    if (declared !== undefined && Number(declared) > max) {
      req.pause();
      resolve(null);
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = (): void => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('close', onClose);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > max) {
        stop();
        req.pause();
        chunks.length = 0;
        resolve(null);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => {
      stop();
      resolve(Buffer.concat(chunks).toString('utf8'));
    };
    // The client went away before the end: nothing to answer.
    const onClose = (): void => {
      stop();
      reject(new Error('the request was aborted'));
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('close', onClose);
    req.on('error', () => undefined);  // an abort ends in 'close' above
  });
}

