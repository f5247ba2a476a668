// REST calls (docs/PROTOCOL.md) and the seat tokens this browser holds.
import type { Fact, GameInfo, MoveLine, Viewer } from './types';

export class ApiError extends Error {
  constructor(message: string, readonly status = 0) {
    super(message);
  }
}

async function call<T>(path: string, init?: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, init);
  } catch {
    throw new ApiError('network');
  }
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new ApiError(body.error ?? `HTTP ${response.status}`, response.status);
  return body as T;
}

// The session's CSRF token (GET /api/session, loaded once; session.ts shows who is signed in).
// Every POST carries it in X-CSRF-Token; the server answers 403 without it.
export interface SessionAccount {
  id: number;
  name: string;
}
export interface SessionInfo {
  account: SessionAccount | null;
  csrf: string;
}
let session: Promise<SessionInfo> | null = null;
export function loadSession(fresh = false): Promise<SessionInfo> {
  if (fresh || !session) {
    const loading = call<SessionInfo>('/api/session', { credentials: 'same-origin', cache: 'no-store' });
    session = loading;
    loading.catch(() => {
      if (session === loading) session = null;
    });
  }
  return session;
}
// After a sign-in, sign-up or sign-out: the new session's token.
export function sessionChanged(info: SessionInfo) {
  session = Promise.resolve(info);
}

// A POST with the session's CSRF token. A 403 may be a token gone stale (another tab signed in
// or out, which replaces the session): the session is loaded again and the request sent once more.
export async function post<T>(path: string, body: unknown): Promise<T> {
  const send = (csrf: string) =>
    call<T>(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', 'x-csrf-token': csrf },
      body: JSON.stringify(body),
    });
  // No session (the server unreachable, or one without accounts): the request goes without the
  // token, and the server's answer says what is wrong.
  const used = await loadSession().then((s) => s.csrf, () => '');
  try {
    return await send(used);
  } catch (e) {
    if (!(e instanceof ApiError && e.status === 403)) throw e;
    const now = await loadSession(true).catch(() => null);
    if (!now) throw e;
    onSessionReloaded?.(now);
    if (now.csrf === used) throw e;
    return send(now.csrf);
  }
}
// session.ts listens: a reloaded session may have another account (signed in or out elsewhere).
let onSessionReloaded: ((info: SessionInfo) => void) | null = null;
export function whenSessionReloaded(listener: (info: SessionInfo) => void) {
  onSessionReloaded = listener;
}

// A GET of the REST API (the pages of accounts, session.ts).
export function get<T>(path: string): Promise<T> {
  return call<T>(path, { credentials: 'same-origin' });
}

let games: Promise<GameInfo[]> | null = null;
export function fetchGames(): Promise<GameInfo[]> {
  games ??= call<{ games: GameInfo[] }>('/api/games').then((c) => c.games);
  return games;
}

export interface SeatRequest {
  kind: 'person' | 'bot';
  bot?: string;
  mine?: boolean;  // the signed-in creator's own seat (the account's match)
}
export interface CreatedSeat {
  seat: number;
  name: string;
  kind: 'person' | 'bot';
  bot?: string;
  token?: string;
  link?: string;
}
export interface Created {
  match: string;
  game: string;
  watch: string;
  seats: CreatedSeat[];
}

// `rated`: against bots with accounts, signed in (the seat "mine"); the ratings count it.
export function createMatch(game: string, options: Record<string, unknown>, seats: SeatRequest[], rated = false) {
  return post<Created>('/api/matches', rated ? { game, options, seats, rated } : { game, options, seats });
}

export interface MatchSummary {
  match: string;
  game: string;
  created_at: string;
  seats: string[];
  events: number;
  moves: number;  // the players' actions: the count called "moves" everywhere
  result: string[] | null;
}
export function listMatches(state: 'running' | 'finished', limit = 30) {
  return call<{ matches: MatchSummary[] }>(`/api/matches?state=${state}&limit=${limit}`).then((r) => r.matches);
}

export interface MatchInfo {
  match: string;
  game: string;
  over: boolean;
  seats: string[];
  result: string[] | null;
}
export function matchInfo(id: string) {
  return call<MatchInfo>(`/api/matches/${encodeURIComponent(id)}`);
}

// A record (src/engine/record.h): the game, its options and seats, and its entries; what else it
// holds (the chance key, an ending's detail) travels with it unread, back to the replay endpoint.
export interface GameRecord {
  game: string;
  options?: Record<string, string>;
  seats?: string[];
  actions: { seat: number | 'chance'; action: number; notation?: string }[];
  result?: string[];
  ending?: string;
}
// The events of a running match as one viewer saw them.
export interface RunningRecord {
  match: string;
  game: string;
  options: Record<string, string>;
  seats: string[];
  running: true;
  viewer: Viewer;
  events: { event: number; by: number | 'chance' | null; text: string; steps: Fact[]; moves: number }[];
}

// A finished match: its full record. A running one: the events as this viewer saw them.
export function matchRecord(id: string, token: string | null) {
  return call<GameRecord | RunningRecord>(`/api/matches/${encodeURIComponent(id)}/record`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

export interface ReplayPly {
  ply: number;
  by: number | 'chance' | null;
  text: string;
  steps: import('./types').Fact[];
  state: import('./types').MatchState;
}
// One page of a record replayed as one viewer (POST /api/replay): frames from..from+plies.length
// of `total`.
export interface Replay {
  game: string;
  options: Record<string, unknown>;
  seat_names: string[];
  viewer: Viewer;
  total: number;
  from: number;
  plies: ReplayPly[];
}
// The most frames a page holds with their states (the server's limit), and with words only.
export const REPLAY_PAGE = 200;
const REPLAY_LINES_PAGE = 5000;

// One replay request at a time from this page: the server takes only a few at once from one
// address, and a record is replayed whole for each.
let replays: Promise<unknown> = Promise.resolve();
function replayCall(body: object): Promise<Replay> {
  // Busy (other tabs replaying from this address, or the server's replays all taken): wait and
  // ask again, a few times.
  const run = async (): Promise<Replay> => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await post<Replay>('/api/replay', body);
      } catch (e) {
        const busy = e instanceof ApiError && (e.status === 429 || e.status === 503);
        if (!busy || attempt >= 5) throw e;
        await new Promise((resolve) => setTimeout(resolve, 500 * 2 ** attempt));
      }
    }
  };
  const next = replays.then(run, run);
  replays = next.catch(() => undefined);
  return next;
}

// Frames `from` to `from + REPLAY_PAGE` of `record` as `viewer` saw them.
export function replayPage(record: unknown, viewer: Viewer, from: number) {
  return replayCall({ record, viewer, from, count: REPLAY_PAGE });
}

// Whether a line is a player's move (not chance, a resignation, a draw offered or agreed, a flag
// on time or a win claimed).
const NOT_MOVES = new Set(['resign', 'offer_draw', 'agree_draw', 'timeout', 'claim_win', 'abandon']);
export function isMove(line: MoveLine) {
  return typeof line.by === 'number' && !line.steps.some((s) => NOT_MOVES.has(s.kind));
}

// Every frame's words (no states), page by page: the move list of a replay.
export async function replayLines(record: unknown, viewer: Viewer) {
  const lines: MoveLine[] = [];
  let answer: Replay;
  do {
    answer = await replayCall({ record, viewer, from: lines.length + 1, count: REPLAY_LINES_PAGE, states: false });
    lines.push(...answer.plies.map((p) => ({ event: p.ply, by: p.by, text: p.text, steps: p.steps })));
  } while (answer.plies.length > 0 && lines.length + 1 < answer.total);
  // A replay's frame is one action: each of a player's is one move.
  let moves = 0;
  for (const line of lines) line.moves = isMove(line) ? ++moves : moves;
  return { lines, total: answer.total, seat_names: answer.seat_names, options: answer.options };
}

// Events of a running match as this viewer saw them, for the move list.
// `finished`: the lines are the record's entries, which replace any live lines.
export async function eventsSoFar(id: string, token: string | null, viewer: Viewer): Promise<{ lines: MoveLine[]; finished: boolean }> {
  const record = await matchRecord(id, token);
  if ('running' in record && record.running === true)
    return { lines: record.events.map((e) => ({ event: e.event, by: e.by, text: e.text, steps: e.steps, moves: e.moves })), finished: false };
  // A finished match: its record replayed as this viewer, one line per entry in the words of the
  // live move list (numbered as the replay numbers its plies).
  const { lines } = await replayLines(record, viewer);
  return { lines, finished: true };
}

// Seat tokens this browser was given, by match: what "my matches" and seat links rest on. A seat
// is this browser's to play ("play") or one it holds to hand to a friend ("invite").
const TOKENS = 'quartel.tokens';
export interface HeldSeat {
  match: string;
  game: string;
  seat: number;
  token: string;
  role?: 'play' | 'invite';  // "play" when absent (seats held before invitations were told apart)
}
export function heldSeats(): HeldSeat[] {
  try {
    return JSON.parse(localStorage.getItem(TOKENS) ?? '[]');
  } catch {
    return [];
  }
}
export function holdSeat(held: HeldSeat) {
  const all = heldSeats().filter((h) => !(h.match === held.match && h.seat === held.seat));
  all.unshift(held);
  localStorage.setItem(TOKENS, JSON.stringify(all.slice(0, 200)));
}
export function playedSeats(match: string) {
  return heldSeats().filter((h) => h.match === match && h.role !== 'invite');
}
export function invitedSeats(match: string) {
  return heldSeats().filter((h) => h.match === match && h.role === 'invite');
}

// The seat token this tab plays a match with. A seat link's token ("#seat=TOKEN") is kept in the
// browser and taken out of the address bar at once: the address a player sees, and would paste to
// a friend, only lets them watch. After that the tab's own choice (a reload), then a seat this
// browser was given to play; "#watch" watches whatever the browser holds.
const TAB_SEAT = 'quartel.seat.';
export function seatTokenFor(match: string): string | null {
  const fromLink = /seat=([^&]+)/.exec(location.hash)?.[1];
  if (fromLink) {
    sessionStorage.setItem(TAB_SEAT + match, fromLink);
    history.replaceState(history.state, '', location.pathname);
    return fromLink;
  }
  if (location.hash === '#watch') {
    sessionStorage.removeItem(TAB_SEAT + match);
    history.replaceState(history.state, '', location.pathname);
    return null;
  }
  return sessionStorage.getItem(TAB_SEAT + match) ?? playedSeats(match)[0]?.token ?? null;
}
// Every seat token this browser holds (the seats it was given, and those this tab plays from a
// seat link): sent at sign-up and sign-in, so that a guest's matches become the account's.
export function seatTokens(): { match: string; token: string }[] {
  const all = new Map<string, { match: string; token: string }>();
  for (const h of heldSeats()) if (h.role !== 'invite') all.set(h.token, { match: h.match, token: h.token });
  for (let i = 0; i < sessionStorage.length; i++) {
    const key = sessionStorage.key(i);
    const token = key?.startsWith(TAB_SEAT) ? sessionStorage.getItem(key) : null;
    if (key && token) all.set(token, { match: key.slice(TAB_SEAT.length), token });
  }
  return [...all.values()].slice(0, 500);  // the most one sign-in may bring along
}
export function playSeatInThisTab(match: string, token: string) {
  sessionStorage.setItem(TAB_SEAT + match, token);
}
export function seatLink(match: string, token: string) {
  return `${location.origin}/match/${match}#seat=${token}`;
}
export function watchLink(match: string) {
  return `${location.origin}/match/${match}`;
}
