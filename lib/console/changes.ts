// The console's log of what happened: lines derived from two successive views of the world
// (new users, sessions changing status, messages, calls, pending authorizations) and of the
// world host's processes (joined, left), so that the page shows what the game's clients did as
// well as what was done from the page.

interface ViewUser { id: string; username: string; displayName: string; status: string; banned: boolean }
interface ViewMessage { id: string; authorId: string; content: string }
interface View {
  users: ViewUser[];
  clients: Array<{ key: number; status: string; userId?: string }>;
  lobbies: Array<{ id: string; members: Array<{ userId: string }>; messages: ViewMessage[] }>;
  directMessages: Array<{ channelId: string; users: string[]; messages: ViewMessage[] }>;
  calls: Array<{ lobbyId: string; participants: Array<{ userId: string; speaking: boolean }> }>;
  pendingAuthorizations: Array<{ clientKey: number }>;
}

/** Longest message text quoted in a log line. */
const QUOTE = 80;

export function describeChanges(before: View | null, after: View): string[] {
  if (before === null) return [];
  const out: string[] = [];
  const name = (id: string | undefined): string => {
    const u = after.users.find((x) => x.id === id) ?? before.users.find((x) => x.id === id);
    return u ? (u.displayName || u.username) : String(id);
  };
  const quote = (s: string): string => (s.length > QUOTE ? `${s.slice(0, QUOTE)}…` : s);
  const oldUsers = new Map(before.users.map((u) => [u.id, u]));
  for (const u of after.users) {
    const old = oldUsers.get(u.id);
    if (!old) out.push(`user ${name(u.id)} created`);
    else if (old.status !== u.status) out.push(`${name(u.id)} is ${u.status}`);
    else if (old.banned !== u.banned) out.push(`${name(u.id)} ${u.banned ? 'banned' : 'unbanned'}`);
  }
  const oldClients = new Map(before.clients.map((c) => [c.key, c]));
  for (const c of after.clients) {
    const old = oldClients.get(c.key);
    if (!old) out.push(`session #${c.key} opened`);
    else if (old.status !== c.status) out.push(`session #${c.key}${c.userId ? ` (${name(c.userId)})` : ''} is ${c.status}`);
  }
  for (const c of before.clients) if (!after.clients.some((x) => x.key === c.key)) out.push(`session #${c.key} closed`);
  const seen = new Set<string>();
  for (const l of before.lobbies) for (const m of l.messages) seen.add(m.id);
  for (const d of before.directMessages) for (const m of d.messages) seen.add(m.id);
  const oldLobbies = new Map(before.lobbies.map((l) => [l.id, l]));
  for (const l of after.lobbies) {
    const old = oldLobbies.get(l.id);
    if (!old) out.push(`lobby ${l.id} created`);
    for (const m of l.members) if (old && !old.members.some((x) => x.userId === m.userId)) out.push(`${name(m.userId)} joined lobby ${l.id}`);
    for (const m of l.messages) if (!seen.has(m.id)) out.push(`lobby ${l.id} · ${name(m.authorId)}: ${quote(m.content)}`);
  }
  for (const l of before.lobbies) if (!after.lobbies.some((x) => x.id === l.id)) out.push(`lobby ${l.id} deleted`);
  for (const d of after.directMessages) {
    for (const m of d.messages) if (!seen.has(m.id)) out.push(`DM ${d.users.map(name).join(' ↔ ')} · ${name(m.authorId)}: ${quote(m.content)}`);
  }
  const speaking = (v: View): Set<string> => new Set(v.calls.flatMap((c) => c.participants.filter((p) => p.speaking).map((p) => `${c.lobbyId}:${p.userId}`)));
  const wasSpeaking = speaking(before);
  for (const c of after.calls) {
    const old = before.calls.find((x) => x.lobbyId === c.lobbyId);
    for (const p of c.participants) {
      if (!old?.participants.some((x) => x.userId === p.userId)) out.push(`${name(p.userId)} joined the call of lobby ${c.lobbyId}`);
      if (p.speaking && !wasSpeaking.has(`${c.lobbyId}:${p.userId}`)) out.push(`${name(p.userId)} speaks in the call of lobby ${c.lobbyId}`);
    }
  }
  if (after.pendingAuthorizations.length > before.pendingAuthorizations.length) out.push('an authorization waits for consent');
  return out;
}

/** A process joined to the world host, as the log names it. */
interface ViewPeer { id: number; pid: number; program: string }

/** Longest program name quoted (the joined process chose it). */
const PROGRAM = 64;

export function describePeerChanges(before: readonly ViewPeer[] | null, after: readonly ViewPeer[]): string[] {
  if (before === null) return [];
  const label = (p: ViewPeer): string => `process #${p.id} (${p.program ? (p.program.length > PROGRAM ? `${p.program.slice(0, PROGRAM)}…` : p.program) : 'unnamed'}, pid ${p.pid})`;
  const out: string[] = [];
  for (const p of after) if (!before.some((x) => x.id === p.id)) out.push(`${label(p)} joined the world`);
  for (const p of before) if (!after.some((x) => x.id === p.id)) out.push(`${label(p)} left the world`);
  return out;
}
