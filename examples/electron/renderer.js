// @ts-check
/// <reference path="./platform.d.ts" />
// The page: no Node.js, no SDK; everything goes through window.platform (preload.js).
// Text from the network is always set with textContent, never innerHTML.

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
const sessionEl = $('session');
const friendsEl = $('friends');
const messagesEl = $('messages');
const errorEl = $('error');
const presenceButton = /** @type {HTMLButtonElement} */ ($('presence'));
const chatForm = /** @type {HTMLFormElement} */ ($('chat'));
const chatInput = /** @type {HTMLInputElement} */ ($('chat-input'));
const chatButton = /** @type {HTMLButtonElement} */ (chatForm.querySelector('button'));

const GROUP_LABELS = { onlinePlayingGame: 'playing', onlineElsewhere: 'online', offline: 'offline' };

function showError(/** @type {unknown} */ err) {
  // Errors from ipcMain.handle arrive as "Error invoking remote method '…': Error: <message>".
  errorEl.textContent = err instanceof Error ? err.message : String(err);
}

async function refreshFriends() {
  try {
    const friends = await window.platform.friends();
    friendsEl.replaceChildren(...friends.map((f) => {
      const li = document.createElement('li');
      li.textContent = `${f.displayName} — ${GROUP_LABELS[f.group]}`;
      if (f.details) {
        const details = document.createElement('div');
        details.className = 'muted';
        details.textContent = f.details;
        li.append(details);
      }
      return li;
    }));
    if (friends.length === 0) friendsEl.textContent = 'No friends yet.';
  } catch (err) {
    showError(err);
  }
}

function appendMessage(/** @type {PlatformChatMessage} */ m) {
  const line = document.createElement('div');
  const time = new Date(m.sentAt).toLocaleTimeString();
  line.textContent = `[${time}] ${m.author.displayName}: ${m.content}`;
  messagesEl.append(line);
  messagesEl.scrollTop = messagesEl.scrollHeight;
}

// Subscribe before signing in, so the lobby's first messages are not missed. Both return an
// unsubscribe function (a single-page app would call it when the view goes away).
window.platform.onMessage(appendMessage);
window.platform.onFriendsChanged(refreshFriends);

presenceButton.addEventListener('click', async () => {
  try {
    await window.platform.setPresence({ details: 'Browsing the launcher', state: 'In the lobby' });
    errorEl.textContent = '';
    presenceButton.textContent = 'Presence set ✓';
  } catch (err) {
    showError(err);
  }
});

chatForm.addEventListener('submit', async (event) => {
  event.preventDefault();
  const text = chatInput.value.trim();
  if (!text) return;
  chatInput.value = '';
  try {
    await window.platform.sendLobbyMessage(text); // it comes back through onMessage
    errorEl.textContent = '';
  } catch (err) {
    chatInput.value = text;
    showError(err);
  }
});

(async () => {
  try {
    const session = await window.platform.login();
    sessionEl.textContent = `Signed in as ${session.displayName} (${session.sdk === 'simulator' ? 'simulator' : 'platform SDK'})`;
    for (const control of [presenceButton, chatInput, chatButton]) control.disabled = false;
    await refreshFriends();
  } catch (err) {
    sessionEl.textContent = 'Not signed in.';
    showError(err);
  }
})();
