// A menu of SDK operations a ready client can have in flight, for the scenarios that exit or
// close mid-operation. Each starts one operation and returns its promise (never throws: a bad
// argument would be a bug in the scenario, and rejects like the rest).
'use strict';
const { inspect } = require('node:util');

/**
 * `ctx`: { sim, app, me, other, token, lobbyId } — `me` is the client's user, `other` a second
 * user, `token` a TokenSet of `me`, `lobbyId` a lobby both are members of.
 */
const OPERATIONS = [
  ['fetchCurrentUser', (c, x) => c.auth.fetchCurrentUser(x.token.accessToken)],
  ['refreshToken', (c, x) => c.auth.refreshToken(x.token.refreshToken)],
  ['getProvisionalToken', (c) => c.auth.getProvisionalToken({ externalAuthType: 'oidc', externalAuthToken: 'id-token-torture-1' })],
  ['createOrJoin', (c, x, rng) => c.lobbies.createOrJoin(`room-${rng.int(4)}`)],
  ['sendToUser', (c, x, rng) => c.messages.sendToUser(x.other.id, `hello ${rng.int(1000)}`)],
  ['getSummaries', (c) => c.messages.getSummaries()],
  ['guilds', (c) => c.guilds.list()],
  ['inputDevices', (c) => c.voice.inputDevices()],
  ['setOnlineStatus', (c, x, rng) => c.presence.setOnlineStatus(rng.pick(['online', 'idle', 'dnd']))],
  ['lobbyMessage', (c, x, rng) => {
    const lobby = c.lobbies.get(x.lobbyId);
    return lobby ? lobby.sendMessage(`lobby ${rng.int(1000)}`) : c.lobbies.createOrJoin('room-x');
  }],
  ['lobbyHistory', (c, x) => {
    const lobby = c.lobbies.get(x.lobbyId);
    return lobby ? lobby.getMessages({ limit: 10 }) : c.messages.getSummaries();
  }],
];

/** Starts `n` random operations on `client`; returns [{ name, promise }]. */
function startOperations(client, ctx, rng, n) {
  const started = [];
  for (let i = 0; i < n; i++) {
    const [name, start] = rng.pick(OPERATIONS);
    let promise;
    try {
      promise = start(client, ctx, rng);
    } catch (err) {
      promise = Promise.reject(err);
    }
    started.push({ name, promise });
  }
  return started;
}

/** Whether a promise is still pending, read synchronously (util.inspect shows its state). */
function isPending(promise) {
  return inspect(promise, { depth: 0 }).includes('<pending>');
}

module.exports = { OPERATIONS, startOperations, isPending };
