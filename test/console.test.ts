/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// The simulator console in a real browser (Debian's chromium, headless, driven by puppeteer-core)
// and its server's safety checks; world fixtures (save/load) through the testing API and a fresh
// process.
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { Simulator, type SimulatorConsole, type WorldDocument } from '../lib/testing';
import { closeAll, freshWorld, JOINED_CLIENT, LineChild, nextEvent, ROOT, runNode, twoInLobby, until, type World } from './helpers';

const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

let w: World;
let con: SimulatorConsole | undefined;
beforeEach(() => {
  w = freshWorld();
});
afterEach(async () => {
  await con?.close();
  con = undefined;
  await closeAll(w);
});

/** A raw request, so that tests can send any Host and Origin header. */
function request(url: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: options.method ?? 'GET', headers: options.headers ?? {} }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

function withoutSavedAt(doc: WorldDocument): Omit<WorldDocument, 'savedAt'> {
  const { savedAt: _savedAt, ...rest } = doc;
  return rest;
}

describe('in a browser', () => {
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    browser = await puppeteer.launch({
      executablePath: CHROMIUM,
      headless: true,
      userDataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'console-chromium-')),
      // The browser is not ours: under `npm run test:asan` it must not inherit the sanitizer
      // runtimes preloaded into Node.
      env: Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(LD_PRELOAD|ASAN_OPTIONS|UBSAN_OPTIONS|LSAN_OPTIONS)$/.test(k))),
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking',
        '--disable-component-update', '--disable-sync'],
    });
  }, 60000);
  afterAll(() => browser?.close());

  beforeEach(async () => {
    errors.length = 0;
    page = await browser.newPage();
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.setViewport({ width: 1400, height: 1000 });
  });
  afterEach(() => page.close());

  test('the page shows a message sent by a client, and a message sent on the page reaches a client', async () => {
    const { alice, bob, lobby } = await twoInLobby(w, 'console-test');
    con = await w.sim.console.listen();
    await page.goto(con.url);
    await page.waitForFunction(() => document.getElementById('conn')?.textContent === 'live');

    await lobby.sendMessage('hello from the game');
    await page.waitForFunction((text) => [...document.querySelectorAll('.message')].some((m) => m.textContent?.includes(text)),
      { timeout: 5000 }, 'hello from the game');
    expect(await page.$eval('#users', (t) => t.textContent)).toContain('Bob');
    // The log tells what the game's clients did, too.
    await page.waitForFunction(() => document.getElementById('log')?.textContent?.includes('Alice: hello from the game'));

    // Bob (chosen on the page) writes in the lobby; Alice's client hears it.
    const heard = nextEvent(alice, 'messageCreated', (m) => m.content === 'typed on the page');
    await page.select('#lobby-message-user', bob.user.id);
    await page.select('#lobby-message-lobby', lobby.id);
    await page.type('#lobby-message-text', 'typed on the page');
    await page.click('#lobby-message-send');
    const [m] = await heard;
    expect(m.authorId).toBe(bob.user.id);
    expect(m.lobbyId).toBe(lobby.id);

    await page.waitForFunction(() => document.getElementById('log')?.textContent?.includes('wrote in lobby'));

    // For the screenshot (docs/console.md): presence, a friend request, a direct message and a
    // call in which a third player (no client in this process) speaks.
    await alice.presence.update({ details: 'Harbour skirmish', state: 'Looking for a crew', party: { id: 'crew', currentSize: 2, maxSize: 4 } });
    w.sim.relationships.sendRequestAs(bob.user.id, w.user.id);
    w.sim.backend.sendUserMessageAs(bob.user.id, w.user.id, 'join my crew?');
    const carol = w.sim.users.create({ username: 'carol', displayName: 'Carol' });
    w.sim.backend.updateLobbyMembers(lobby.id, [{ userId: carol.id }]);
    w.sim.voice.joinCall(carol.id, lobby.id);
    w.sim.voice.speak(carol.id, lobby.id, { durationMs: 5000 });
    await page.waitForFunction(() => document.querySelector('#calls .badge')?.textContent === 'speaking');
    await page.waitForFunction(() => document.getElementById('users')?.textContent?.includes('Looking for a crew'));
    await page.waitForFunction(() => document.getElementById('dms')?.textContent?.includes('join my crew?'));
    expect(await page.$eval('#friends', (f) => f.textContent)).toContain('pendingIncoming');
    const shot = process.env['CONSOLE_SCREENSHOT'] === '1' ? path.join(ROOT, 'docs', 'console.png') : path.join(os.tmpdir(), 'console.png');
    await page.screenshot({ path: shot as `${string}.png`, fullPage: true });
    expect(fs.statSync(shot).size).toBeGreaterThan(10000);
    expect(errors).toEqual([]);
  }, 30000);

  test('the sessions list says which process holds each session; without a world host, this one', async () => {
    const alice = w.client();
    await w.signIn(alice);
    con = await w.sim.console.listen();
    await page.goto(con.url);
    await page.waitForFunction(() => document.getElementById('conn')?.textContent === 'live');
    await page.waitForFunction(() => document.querySelectorAll('#clients tr[data-client]').length === 1);
    const row = await page.$eval('#clients tr[data-client]', (r) => [...r.children].map((c) => c.textContent));
    expect(row).toEqual([expect.stringMatching(/^#\d+$/), 'ready', 'Alice', 'Test Launcher', 'this process']);
    expect(await page.$eval('#host', (e) => e.textContent)).toMatch(/^not serving: only this process's sessions/);
    expect(await page.$$('#peers tr')).toHaveLength(0);
    expect(errors).toEqual([]);
  }, 30000);

  test('with a world host, each joined process is listed with its sessions, and each session names its process', async () => {
    const alice = w.client();
    await w.signIn(alice);  // a session of this (the host's) process
    const host = await Simulator.serve({ console: false });
    const bob = new LineChild(['-e', JOINED_CLIENT], { ...host.env, JOIN_USER: 'bob' });
    try {
      const { peer } = JSON.parse(await bob.line(/"peer"/)) as { peer: number };
      con = await w.sim.console.listen();
      await page.goto(con.url);
      await page.waitForFunction(() => document.querySelectorAll('#peers tr[data-peer]').length === 1 && document.getElementById('peers')?.textContent?.includes('Joined bob'));
      const cells = await page.$eval('#peers tr[data-peer]', (r) => [...r.children].map((c) => c.textContent));
      expect(cells[0]).toMatch(new RegExp(`^#${peer} `));
      expect(cells[1]).toBe(String(bob.proc.pid));
      expect(cells[2]).toMatch(/^127\.0\.0\.1:\d+$/);
      expect(cells[4]).toMatch(/^#\d+ Joined bob ready$/);
      expect(cells[5]).toMatch(/^\d+ B$/);
      expect(cells[6]).toBe('0');
      expect(await page.$eval('#host', (e) => e.textContent)).toBe('serving this world to 1 process');
      // The sessions list: Alice's session is the host's, Bob's the joined process's.
      const sessions = await page.$$eval('#clients tr[data-client]', (rows) => rows.map((r) => [r.children[2]!.textContent, r.children[4]!.textContent]));
      expect(sessions).toEqual(expect.arrayContaining([['Alice', 'host'], ['Joined bob', expect.stringMatching(new RegExp(`^#${peer} `))]]));
      // It leaves: the log says so and the list empties.
      bob.proc.kill('SIGKILL');
      await page.waitForFunction(() => document.querySelectorAll('#peers tr[data-peer]').length === 0, { timeout: 15000 });
      expect(await page.$eval('#log', (e) => e.textContent)).toMatch(new RegExp(`process #${peer} \\(.*\\) left the world`));
      expect(errors).toEqual([]);
    } finally {
      bob.proc.kill('SIGKILL');
      await bob.exited;
      await host.close();
    }
  }, 40000);

  test('the page follows a change pushed over its WebSocket, without a reload', async () => {
    con = await w.sim.console.listen();
    await page.goto(con.url);
    await page.waitForFunction(() => document.getElementById('conn')?.textContent === 'live');
    await page.evaluate(() => { (window as unknown as { marker: number }).marker = 1; });
    w.sim.users.create({ username: 'carol', displayName: 'Carol Live' });
    await page.waitForFunction(() => document.getElementById('users')?.textContent?.includes('Carol Live'), { timeout: 2000, polling: 10 });
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    expect(errors).toEqual([]);
  }, 30000);

  test('a pending authorization is approved on the page', async () => {
    con = await w.sim.console.listen();
    await page.goto(con.url);
    await page.waitForFunction(() => document.getElementById('conn')?.textContent === 'live');
    const client = w.client();
    const login = client.auth.login();
    await page.waitForSelector('#auth button');
    await page.select('#auth select', w.user.id);
    await page.click('#auth button');  // the first button: "Approve as" the selected user
    const tokens = await login;
    expect(tokens.scopes).toContain('openid');
    await client.connect();
    expect(client.users.current?.id).toBe(w.user.id);
    await page.waitForFunction(() => document.getElementById('auth')?.textContent === 'none');
    expect(errors).toEqual([]);
  }, 30000);

  test('save → load round-trips the world through the page', async () => {
    const { lobby } = await twoInLobby(w, 'console-test');
    await lobby.sendMessage('kept in the fixture');
    w.sim.relationships.sendRequestAs(w.user.id, w.sim.users.create({ username: 'dave' }).id);
    w.sim.presence.set(w.user.id, { state: 'In a match', details: 'Ranked', party: { id: 'p1', currentSize: 2, maxSize: 4 } });
    con = await w.sim.console.listen();
    await page.goto(con.url);
    await page.waitForFunction(() => document.getElementById('conn')?.textContent === 'live');

    const saved = await page.evaluate(async () => {
      const r = await fetch((document.getElementById('save') as HTMLAnchorElement).href);
      return r.text();
    });
    const before = w.sim.save();
    expect(withoutSavedAt(JSON.parse(saved) as WorldDocument)).toEqual(withoutSavedAt(before));
    expect(saved).not.toMatch(/psim_(at|rt)_/);

    w.sim.reset();
    expect(w.sim.save().users).toEqual([]);
    await page.waitForFunction(() => document.getElementById('lobbies')?.textContent === 'none');
    // Load it back the way a person does: the page's file input.
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'console-world-')), 'world.json');
    fs.writeFileSync(file, saved);
    const input = await page.$('#load');
    await (input as unknown as { uploadFile(p: string): Promise<void> }).uploadFile(file);
    await page.waitForFunction(() => document.getElementById('lobbies')?.textContent?.includes('kept in the fixture'));
    expect(withoutSavedAt(w.sim.save())).toEqual(withoutSavedAt(before));
    expect(await page.$eval('#status', (e) => e.textContent)).toBe('');
    expect(errors).toEqual([]);
  }, 30000);
});

describe('server safety', () => {
  test('403 without the token (page, API, WebSocket), for a foreign Host, and for a cross-origin POST', async () => {
    con = await w.sim.console.listen();
    const url = new URL(con.url);
    const base = `${url.origin}`;
    const token = url.searchParams.get('token')!;
    expect(token.length).toBeGreaterThanOrEqual(32);
    expect((await request(`${base}/`)).status).toBe(403);
    expect((await request(`${base}/?token=wrong`)).status).toBe(403);
    expect((await request(`${base}/api/view`)).status).toBe(403);
    expect((await request(`${base}/api/save`)).status).toBe(403);
    const ws = await request(`${base}/ws`, { headers: { connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-version': '13', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==' } })
      .catch((e: Error) => ({ status: -1, body: e.message }));
    expect(ws.status).toBe(403);
    // With the token: the page; a foreign Host (DNS rebinding) is refused all the same.
    expect((await request(con.url)).status).toBe(200);
    expect((await request(con.url, { headers: { host: `evil.example:${url.port}` } })).status).toBe(403);
    for (const host of ['localhost', '127.0.0.1', '[::1]']) {
      expect((await request(con.url, { headers: { host: `${host}:${url.port}` } })).status).toBe(200);
    }
    // State-changing requests also check Origin.
    const action = JSON.stringify({ action: 'createUser', username: 'mallory' });
    const apiUrl = `${base}/api/action?token=${token}`;
    expect((await request(apiUrl, { method: 'POST', body: action, headers: { origin: 'http://evil.example' } })).status).toBe(403);
    expect((await request(apiUrl, { method: 'POST', body: action })).status).toBe(403);
    expect(w.sim.save().users.map((u) => u.username)).not.toContain('mallory');
    expect((await request(apiUrl, { method: 'POST', body: action, headers: { origin: base } })).status).toBe(200);
    expect(w.sim.save().users.map((u) => u.username)).toContain('mallory');
  });

  test('the console object never shows its token; bad options are refused before listening', async () => {
    con = await w.sim.console.listen({ port: 0, host: '127.0.0.1' });
    const token = new URL(con.url).searchParams.get('token')!;
    expect(JSON.stringify(con)).not.toContain(token);
    expect(require('node:util').inspect(con)).not.toContain(token);
    await expect(w.sim.console.listen({ port: 70000 })).rejects.toThrow(RangeError);
    await expect(w.sim.console.listen({ port: 'x' as unknown as number })).rejects.toThrow(/options\.port/);
    await expect(w.sim.console.listen({ hots: 'x' } as never)).rejects.toThrow(/options/);
    await expect(w.sim.console.listen({ limits: { heartbeatMs: '5' as unknown as number } })).rejects.toThrow(/options\.limits\.heartbeatMs must be a number/);
    await expect(w.sim.console.listen({ limits: { idleTimeoutMs: 0 } })).rejects.toThrow(RangeError);
    await expect(w.sim.console.listen({ limits: { headersTimeoutMs: 5000, requestTimeoutMs: 1000 } })).rejects.toThrow(/requestTimeoutMs/);
    await expect(w.sim.console.listen({ limits: { heartbeat: 5 } as never })).rejects.toThrow(/options\.limits has an unknown option/);
  });

  test('a bad action is a 400 naming the argument, and changes nothing', async () => {
    con = await w.sim.console.listen();
    const url = new URL(con.url);
    const post = (body: unknown) => request(`${url.origin}/api/action${url.search}`, { method: 'POST', body: JSON.stringify(body), headers: { origin: url.origin } });
    const r = await post({ action: 'advanceClock', ms: -5 });
    expect(r.status).toBe(400);
    expect(JSON.parse(r.body).error).toMatch(/ms/);
    expect((await post({ action: 'nope' })).status).toBe(400);
    const big = await post({ action: 'createUser', username: 'x'.repeat(70000) });
    expect(big.status).toBe(413);
  });
});

// The console's modules are inlined in dist/cjs/testing.js (scripts/bundle-cjs.mjs), each run on
// first require: the server's node:http is what shows whether they ran.
test("the console's code loads only when listen() is called", async () => {
  const r = await runNode(`
    const { Simulator } = require('./dist/cjs/testing.js');
    const loaded = () => process.moduleLoadList.filter((m) => /^NativeModule (http|_http_server)$/.test(m)).length;
    const sim = Simulator.attach();
    sim.save();
    const before = loaded();
    sim.console.listen().then(async (con) => { console.log(JSON.stringify({ before, after: loaded() })); await con.close(); });`);
  expect(r.stderr).toBe('');
  expect(JSON.parse(r.stdout)).toEqual({ before: 0, after: 2 });
});

describe('world fixtures', () => {
  test('load validates the whole document first and names the field; the world is unchanged', () => {
    const before = w.sim.save();
    const bad = { ...before, lobbies: [{ id: '5', applicationId: '123', secret: '', backendCreated: true, metadata: {}, members: [], messages: [] }] };
    expect(() => w.sim.load(bad)).toThrow(/doc\.lobbies\[0\]\.applicationId: names no application/);
    expect(() => w.sim.load({ ...before, version: 2 as 1 })).toThrow(TypeError);
    expect(() => w.sim.load({ ...before, users: [{ ...before.users[0]!, username: '' }] })).toThrow(/doc\.users\[0\]\.username/);
    expect(() => w.sim.load(null as never)).toThrow(TypeError);
    // A key the format does not define would be lost silently: refused, not ignored.
    expect(() => w.sim.load({ ...before, users: [{ ...before.users[0]!, nickname: 'Al' } as never] })).toThrow(/doc\.users\[0\]: has a key the format does not define/);
    expect(withoutSavedAt(w.sim.save())).toEqual(withoutSavedAt(before));
  });

  test('a fixture saved from a world loads into a fresh process and a client signs in as one of its users', async () => {
    const { lobby } = await twoInLobby(w, 'console-test');
    await lobby.sendMessage('before the save');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'world-')), 'world.json');
    fs.writeFileSync(file, JSON.stringify(w.sim.save()));
    const script = `
      const fs = require('node:fs');
      const { Client } = require('./dist/cjs/index.js');
      const { Simulator } = require('./dist/cjs/testing.js');
      (async () => {
        const sim = Simulator.attach();
        const doc = JSON.parse(fs.readFileSync(${JSON.stringify(file)}, 'utf8'));
        sim.load(doc);
        const bob = doc.users.find((u) => u.username === 'bob');
        const app = doc.applications[0];
        const client = new Client({ applicationId: app.id, pumpIntervalMs: 1 });
        await client.auth.updateToken(sim.auth.issueToken(bob.id, { applicationId: app.id }).accessToken);
        await client.connect();
        const me = client.users.current;
        const lobbies = client.lobbies.list();
        const history = await lobbies[0].getMessages();
        console.log(JSON.stringify({ me: me && me.id, bob: bob.id, lobbies: lobbies.map((l) => l.id), history: history.map((m) => m.content) }));
        await client.close();
      })().catch((e) => { console.error(e); process.exit(1); });`;
    const r = await runNode(script);
    expect(r.stderr).toBe('');
    const out = JSON.parse(r.stdout) as { me: string; bob: string; lobbies: string[]; history: string[] };
    expect(out.me).toBe(out.bob);
    expect(out.lobbies).toEqual([lobby.id]);
    expect(out.history).toContain('before the save');
  }, 30000);
});
