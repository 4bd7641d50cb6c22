// @ts-check
/// <reference path="./platform.d.ts" />
// The page: no Node.js, no SDK, no token; everything goes through window.platformSocial, the
// bridge the preload exposes (the methods and events in bridge-config.js). Text from the network
// is always set with textContent, never innerHTML.

const LOBBY_SECRET = 'electron-example-lobby';
const GROUPS = /** @type {const} */ ([['onlinePlayingGame', 'playing'], ['onlineElsewhere', 'online'], ['offline', 'offline']]);

const platform = window.platformSocial;
const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
const sessionEl = $('session');
const friendsEl = $('friends');
const messagesEl = $('messages');
const errorEl = $('error');
const presenceButton = /** @type {HTMLButtonElement} */ ($('presence'));
const chatForm = /** @type {HTMLFormElement} */ ($('chat'));
const chatInput = /** @type {HTMLInputElement} */ ($('chat-input'));
const chatButton = /** @type {HTMLButtonElement} */ (chatForm.querySelector('button'));
/** @type {string | null} */
let lobbyId = null;

function showError(/** @type {unknown} */ err) {
  // A PlatformError's message names its type, HTTP status and code; tokens are already cut out.
  errorEl.textContent = err instanceof Error ? err.message : String(err);
}

async function refreshFriends() {
  try {
    const groups = await Promise.all(GROUPS.map(async ([group, label]) =>
      (await platform.relationships.list(group)).map((r) => ({ r, label }))));
    const friends = groups.flat();
    friendsEl.replaceChildren(...friends.map(({ r, label }) => {
      const li = document.createElement('li');
      li.textContent = `${r.user?.displayName ?? r.userId} — ${label}`;
      const details = r.user?.activity?.details;
      if (details) {
        const div = document.createElement('div');
        div.className = 'muted';
        div.textContent = details;
        li.append(div);
      }
      return li;
    }));
    if (friends.length === 0) friendsEl.textContent = 'No friends yet.';
  } catch (err) {
    showError(err);
  }
}

function appendMessage(/** @type {PlatformMessage} */ m) {
  if (m.lobbyId !== lobbyId) return;
  const line = document.createElement('div');
  const time = new Date(m.sentAt).toLocaleTimeString();
  line.textContent = `[${time}] ${m.additionalName ?? m.author?.displayName ?? m.authorId}: ${m.content}`;
  messagesEl.append(line);
  messagesEl.scrollTop = messagesEl.scrollHeight;
}

presenceButton.addEventListener('click', async () => {
  try {
    await platform.presence.update({ type: 'playing', details: 'Browsing the launcher', state: 'In the lobby' });
    errorEl.textContent = '';
    presenceButton.textContent = 'Presence set ✓';
  } catch (err) {
    showError(err);
  }
});

chatForm.addEventListener('submit', async (event) => {
  event.preventDefault();
  const text = chatInput.value.trim();
  if (!text || lobbyId === null) return;
  chatInput.value = '';
  try {
    await platform.lobbies.sendMessage(lobbyId, text); // it comes back through messageCreated
    errorEl.textContent = '';
  } catch (err) {
    chatInput.value = text;
    showError(err);
  }
});

(async () => {
  try {
    // Subscribe before signing in, so the lobby's first messages are not missed. Each on()
    // resolves with its own unsubscribe function (a single-page app calls it when a view goes).
    await platform.on('messageCreated', appendMessage);
    for (const event of /** @type {const} */ (['relationshipCreated', 'relationshipDeleted', 'relationshipGroupsUpdated'])) {
      await platform.on(event, () => void refreshFriends());
    }
    await platform.on('sessionEnded', ({ reason }) => {
      sessionEl.textContent = reason === 'ended' ? 'Signed out.' : 'Signed out: the platform ended the session. Restart to sign in again.';
      for (const control of [presenceButton, chatInput, chatButton]) control.disabled = true;
    });

    // Resumes the saved session, or signs in (the platform's consent UI); main keeps it alive.
    const session = await platform.auth.startSession();
    const me = await platform.users.current();
    sessionEl.textContent = `Signed in as ${me?.displayName ?? '?'}${session.resumed ? ' (resumed)' : ''}`;
    lobbyId = (await platform.lobbies.createOrJoin(LOBBY_SECRET)).id;
    for (const control of [presenceButton, chatInput, chatButton]) control.disabled = false;
    await refreshFriends();
  } catch (err) {
    sessionEl.textContent = 'Not signed in.';
    showError(err);
  }
})();
