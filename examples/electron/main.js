'use strict';
// The Electron main process owns the one platform client of the app (the SDK is process-global and
// its callbacks are pumped on this process's event loop). The window is sandboxed and reaches the
// client only through the small API preload.js exposes; tokens never leave this process.
//
// SDK library: an SDK installed with `npx platform-social-sdk install-sdk <zip-or-folder>` (in
// platform-sdk/<platform>-<arch>/), else PLATFORM_SDK_PATH, else the simulator bundled with the
// package. With the simulator (or PLATFORM_DEMO_SIMULATOR=1) a demo user is signed in with a token
// issued by the simulated platform, with two friends and a lobby partner who answers.
const { app, BrowserWindow, ipcMain } = require('electron');
const fs = require('node:fs');
const path = require('node:path');
const { Client, sdkInfo } = require('platform-social-sdk');

const LOBBY_SECRET = 'electron-example-lobby';
const FRIEND_GROUPS = /** @type {const} */ (['onlinePlayingGame', 'onlineElsewhere', 'offline']);
const SDK_FILE = process.platform === 'win32' ? 'platform_partner_sdk.dll'
  : process.platform === 'darwin' ? 'libplatform_partner_sdk.dylib' : 'libplatform_partner_sdk.so';

/** The vendor SDK library installed into this app, as a real file (dlopen cannot read app.asar). */
function installedSdkPath() {
  const root = app.isPackaged ? path.join(process.resourcesPath, 'app.asar.unpacked') : __dirname;
  const file = path.join(root, 'platform-sdk', `${process.platform}-${process.arch}`, SDK_FILE);
  return fs.existsSync(file) ? file : undefined;
}

if (!app.requestSingleInstanceLock()) {
  app.quit(); // another instance owns the SDK and the user's session
} else {
  main();
}

function main() {
  const forceSimulator = process.env.PLATFORM_DEMO_SIMULATOR === '1';
  // The simulator loads only when neither sdkPath nor PLATFORM_SDK_PATH names a library.
  if (forceSimulator) delete process.env.PLATFORM_SDK_PATH;

  // Created before anything else loads the SDK (sdkInfo(), Simulator.attach()): the first client decides.
  const client = new Client({
    applicationId: process.env.PLATFORM_APPLICATION_ID || undefined,
    sdkPath: forceSimulator ? undefined : installedSdkPath(),
  });
  const info = sdkInfo();
  const useSimulator = info.kind === 'simulator';
  console.log(`SDK: ${info.kind} ${info.version.major}.${info.version.minor}.${info.version.patch} (${info.path})`);

  client.on('log', ({ severity, message }) => console.log(`sdk ${severity}: ${message}`)); // tokens are redacted
  client.on('status', ({ status }) => console.log(`status: ${status}`));
  client.on('error', (err) => console.error('a platform listener threw:', err));

  const launchedAt = new Date();
  /** @type {BrowserWindow | null} */
  let win = null;
  /** @type {string | null} */
  let lobbyId = null;
  /** @type {{ sim: import('platform-social-sdk/testing').Simulator, partnerId: string } | null} */
  let demo = null;

  // --- main → renderer ------------------------------------------------------------------------
  const toRenderer = (channel, payload) => {
    if (win && !win.isDestroyed()) win.webContents.send(channel, payload);
  };

  client.on('messageCreated', (m) => {
    const inLobby = m.lobbyId;
    if (inLobby === null || inLobby !== lobbyId) return;
    toRenderer('platform:message', {
      id: m.id,
      lobbyId: inLobby,
      content: m.content,
      author: { id: m.authorId, displayName: m.additionalName ?? m.author?.displayName ?? m.authorId },
      sentAt: m.sentAt.getTime(),
    });
    // Demo: the simulated lobby partner answers what the signed-in user writes.
    if (demo && m.authorId === client.users.current?.id) {
      const { sim, partnerId } = demo;
      const reply = `You said: ${Array.from(m.content).slice(0, 200).join('')}`;
      setTimeout(() => {
        try {
          sim.backend.sendLobbyMessageAs(partnerId, inLobby, reply);
        } catch (err) {
          console.error('demo reply failed:', err);
        }
      }, 600);
    }
  });
  const friendsChanged = () => toRenderer('platform:friendsChanged', null);
  client.on('relationshipGroupsUpdated', friendsChanged);
  client.on('relationshipCreated', friendsChanged);
  client.on('relationshipDeleted', friendsChanged);

  // --- renderer → main ------------------------------------------------------------------------
  /** Registers an invoke handler that answers our window only. */
  function handle(channel, fn) {
    ipcMain.handle(channel, (event, ...args) => {
      if (!win || win.isDestroyed() || event.sender.id !== win.webContents.id) {
        throw new Error(`${channel}: unexpected sender`);
      }
      return fn(...args);
    });
  }

  function requireReady() {
    if (client.status !== 'ready') throw new Error('not signed in');
  }

  /** @type {Promise<{ userId: string, displayName: string, sdk: 'simulator' | 'vendor' }> | null} */
  let session = null;
  handle('platform:login', () => {
    session ??= signIn().catch((err) => {
      session = null; // let the user try again
      throw err;
    });
    return session;
  });

  handle('platform:friends', () => {
    requireReady();
    return FRIEND_GROUPS.flatMap((group) =>
      client.relationships.list(group).map((r) => ({
        userId: r.userId,
        displayName: r.user?.displayName ?? r.userId,
        status: r.user?.status ?? 'offline',
        group,
        details: r.user?.activity?.details ?? null,
      })));
  });

  handle('platform:setPresence', async (input) => {
    requireReady();
    // Only texts come from the page; the activity (type, timestamps, and any party or join
    // secret a real launcher adds) is built here. The library checks types and limits again.
    const { details, state } = input !== null && typeof input === 'object' ? input : {};
    if (typeof details !== 'string' || (state !== undefined && typeof state !== 'string')) {
      throw new TypeError('setPresence expects { details: string, state?: string }');
    }
    await client.presence.update({ type: 'playing', details, state, timestamps: { start: launchedAt } });
  });

  handle('platform:sendLobbyMessage', (text) => {
    requireReady();
    const lobby = lobbyId === null ? null : client.lobbies.get(lobbyId);
    if (!lobby) throw new Error('not in a lobby');
    return lobby.sendMessage(text); // resolves with the message id; bad text: TypeError / RangeError
  });

  async function signIn() {
    if (useSimulator) {
      await signInDemoUser();
    } else {
      if (client.applicationId === null) throw new Error('set PLATFORM_APPLICATION_ID to your application id');
      // PKCE + the platform's consent UI + code exchange + updateToken + connect. A real launcher
      // stores tokens.refreshToken encrypted (safeStorage) and refreshes next time; the tokens stay here.
      await client.auth.login();
    }
    const lobby = await client.lobbies.createOrJoin(LOBBY_SECRET);
    lobbyId = lobby.id;
    if (demo) {
      const { sim, partnerId } = demo;
      sim.backend.updateLobbyMembers(lobby.id, [{ userId: partnerId }]);
      sim.backend.sendLobbyMessageAs(partnerId, lobby.id, 'Hi! Write something and I will answer.');
    }
    const me = client.users.current;
    if (!me) throw new Error('signed in, but the SDK has no current user');
    return { userId: me.id, displayName: me.displayName, sdk: info.kind };
  }

  /** The simulated platform: our user, friends in two groups, and a lobby partner. */
  async function signInDemoUser() {
    // Loaded only in demo mode; attach() throws when a vendor library is loaded.
    const { Simulator } = require('platform-social-sdk/testing');
    const sim = Simulator.attach();
    const game = sim.applications.create({ name: 'Electron Example' });
    const me = sim.users.create({ username: 'alice', displayName: 'Alice' });
    const bob = sim.users.create({ username: 'bob', displayName: 'Bob' });
    const carol = sim.users.create({ username: 'carol', displayName: 'Carol' });
    const dave = sim.users.create({ username: 'dave', displayName: 'Dave' });
    for (const friend of [bob, carol, dave]) sim.relationships.befriend(me.id, friend.id);
    sim.presence.set(bob.id, { type: 'playing', details: 'In the main menu' }, { applicationId: game.id }); // playing this game
    sim.presence.setStatus(carol.id, 'online'); // online in the desktop client, not in this game
    demo = { sim, partnerId: bob.id };

    client.applicationId = game.id;
    const tokens = sim.auth.issueToken(me.id, { applicationId: game.id });
    await client.auth.updateToken(tokens.accessToken);
    await client.connect(); // resolves at 'ready'
  }

  // --- window and lifetime --------------------------------------------------------------------
  function createWindow() {
    win = new BrowserWindow({
      width: 900,
      height: 640,
      webPreferences: {
        preload: path.join(__dirname, 'preload.js'),
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
      },
    });
    // The page never navigates or opens windows.
    win.webContents.on('will-navigate', (event) => event.preventDefault());
    win.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
    win.loadFile(path.join(__dirname, 'index.html'));
    win.on('closed', () => {
      win = null;
    });
  }

  app.on('second-instance', () => {
    if (win) {
      if (win.isMinimized()) win.restore();
      win.focus();
    }
  });

  app.whenReady().then(() => {
    createWindow();
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) createWindow();
    });
  });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  // Close the client before quitting: pending operations reject with 'clientDestroyed' and the
  // SDK client is dropped. client.closed is true at once, so the second before-quit goes through.
  app.on('before-quit', (event) => {
    if (client.closed) return;
    event.preventDefault();
    client
      .close()
      .catch((err) => console.error('closing the platform client failed:', err))
      .finally(() => app.quit());
  });
}
