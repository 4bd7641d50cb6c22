'use strict';
// What the window may do and hear: read by main.js (exposeClient) and, as types, by platform.d.ts.
// Anything not listed here is refused in the main process.

const ALLOWED_METHODS = /** @type {const} */ ([
  'auth.startSession',
  'users.current',
  'relationships.list',
  'presence.update',
  'lobbies.createOrJoin',
  'lobbies.sendMessage',
]);

const FORWARDED_EVENTS = /** @type {const} */ ([
  'status',
  'sessionEnded',
  'messageCreated',
  'relationshipCreated',
  'relationshipDeleted',
  'relationshipGroupsUpdated',
]);

module.exports = { ALLOWED_METHODS, FORWARDED_EVENTS };
