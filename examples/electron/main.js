'use strict';
// The Electron main process owns the one platform client of the app (the SDK is process-global and
// its callbacks are pumped on this process's event loop) and its session. The window is sandboxed
// and reaches the client only through the bridge (platform-social-sdk/electron): the methods and
// events in bridge-config.js, as snapshots. Tokens never leave this process.
//
// SDK library: an SDK installed with `npx platform-social-sdk install-sdk <zip-or-folder>` (in
// platform-sdk/<platform>-<arch>/), else PLATFORM_SDK_PATH, else the simulator bundled with the
// package. With the simulator (or PLATFORM_DEMO_SIMULATOR=1) the simulated platform has a demo user
// with friends in each group and a lobby partner who answers; its consent page approves the user.
const { app, BrowserWindow, ipcMain, safeStorage } = require('electron');
const fs = require('node:fs');
const path = require('node:path');
const { Client, MemorySessionStore, SafeStorageSessionStore, sdkInfo } = require('platform-social-sdk');
const { exposeClient } = require('platform-social-sdk/electron');
const { ALLOWED_METHODS, FORWARDED_EVENTS } = require('./bridge-config.js');

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
  console.log(`SDK: ${info.kind} ${info.version.major}.${info.version.minor}.${info.version.patch} (${info.path})`);

  client.on('log', ({ severity, message }) => console.log(`sdk ${severity}: ${message}`)); // tokens are redacted
  client.on('status', ({ status }) => console.log(`status: ${status}`));
  client.on('sessionError', (err) => console.warn('session:', err.message));
  client.on('error', (err) => console.error('a platform listener threw:', err));

  /** @type {BrowserWindow | null} */
  let win = null;

  // The session lives here: the page asks for it ('auth.startSession'), never sees a token. With
  // the real SDK the tokens are kept encrypted by safeStorage, so the user stays signed in across
  // restarts; the simulated platform is new every run, so the demo keeps them in memory.
  const store = info.kind === 'simulator'
    ? new MemorySessionStore()
    : new SafeStorageSessionStore({ safeStorage, path: path.join(app.getPath('userData'), 'platform-session.bin') });
  if (info.kind === 'simulator') setUpDemoPlatform();
  else if (client.applicationId === null) console.error('set PLATFORM_APPLICATION_ID to your application id');

  exposeClient(client, ipcMain, {
    allow: ALLOWED_METHODS,
    events: FORWARDED_EVENTS,
    session: { store },
    // By default the bridge answers only the top frame of a page of the origin each window was
    // created with (file:// here: loadFile), never an iframe or a site the window navigated to.
    // This narrows it to our own window; `origins` / `allowSubframes` would widen it.
    isTrustedSender: (event) => win !== null && !win.isDestroyed() && event.sender.id === win.webContents.id,
  });

  /** The simulated platform: you (Alice), Bob playing this game, Carol online elsewhere, Dave offline. */
  function setUpDemoPlatform() {
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
    client.applicationId = game.id;
    // The simulated consent page approves Alice: startSession's login() goes through the real
    // PKCE flow (authorize, code exchange, updateToken, connect).
    sim.auth.setConsent(me.id);

    // Bob joins every lobby Alice joins and answers what she writes.
    client.on('lobbyCreated', ({ lobbyId }) => {
      sim.backend.updateLobbyMembers(lobbyId, [{ userId: bob.id }]);
      sim.backend.sendLobbyMessageAs(bob.id, lobbyId, 'Hi! Write something and I will answer.');
    });
    client.on('messageCreated', (m) => {
      const lobbyId = m.lobbyId;
      if (lobbyId === null || m.authorId !== client.users.current?.id) return;
      const reply = `You said: ${Array.from(m.content).slice(0, 200).join('')}`;
      setTimeout(() => {
        try {
          sim.backend.sendLobbyMessageAs(bob.id, lobbyId, reply);
        } catch (err) {
          console.error('demo reply failed:', err);
        }
      }, 600);
    });
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
