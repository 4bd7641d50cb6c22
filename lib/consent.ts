// The `consentPending` announcement of a flow that waits for the user (authorize, device code),
// and the process warning when nobody shows it.
import type { ClientEvents, ConsentPendingEvent } from './client-types';
import { loadSdk } from './addon-loader';
import { listenerCountOf, type TypedEmitter } from './typed-emitter';

/** How long a flow may wait for the user, with nobody listening to `consentPending`, before a process warning says so. */
export const CONSENT_WARNING_DELAY_MS = 5000;

/**
 * Announces the wait on `client`; the returned function ends it. Asynchronous (after the promise
 * settles if the start failed at once), so that a listener, which may answer the simulator's
 * consent on the spot, runs after the flow has started and cannot make authorize() throw.
 */
export function announceWaitForUser(
  client: TypedEmitter<ClientEvents>, reportListenerError: (err: unknown) => void,
  flow: ConsentPendingEvent['flow'], applicationId: bigint, scopes: string,
): () => void {
  const simulator = loadSdk().kind === 'simulator';
  const event: ConsentPendingEvent = {
    flow, applicationId: applicationId.toString(), scopes, simulator, message: consentMessage(flow, simulator),
  };
  let waiting = true;
  setImmediate(() => {
    if (!waiting) return;
    try {
      client.emit('consentPending', event);
    } catch (err) {
      reportListenerError(err);
    }
  });
  // A flow nobody answers otherwise waits silently for minutes (5 on the simulator, the
  // platform's own limit elsewhere): say so once, unless the application handles the event.
  const timer = setTimeout(() => {
    if (waiting && listenerCountOf(client, 'consentPending') === 0) {
      process.emitWarning(`${event.message} Still waiting after ${CONSENT_WARNING_DELAY_MS / 1000} s; ` +
        "listen to the client's 'consentPending' event to show this yourself.", 'PlatformSdkWarning');
    }
  }, CONSENT_WARNING_DELAY_MS);
  timer.unref();
  return () => {
    waiting = false;
    clearTimeout(timer);
  };
}

function consentMessage(flow: ConsentPendingEvent['flow'], simulator: boolean): string {
  const what = flow === 'authorize'
    ? 'The platform is waiting for the user to answer its consent screen'
    : 'The platform is waiting for the user to enter the device code';
  return simulator
    ? `${what}. With the bundled simulator nobody sees that screen: answer it with ` +
      "Simulator.attach().auth.setConsent(userId) (or 'deny' / 'timeout') from 'platform-social-sdk/testing'."
    : `${what}.`;
}
