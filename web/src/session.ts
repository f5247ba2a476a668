// Who this browser is (docs/PROTOCOL.md, accounts): the session loaded once at start, signing in,
// up and out, the password; and the players' pages' data (profiles, leaderboards, the bots'
// ratings). A guest plays without an account; signing in or up hands the server the seat tokens
// this browser holds, so that the matches a guest played here become the account's.
import { computed, signal } from '@preact/signals';
import {
  get,
  loadSession,
  post,
  seatTokens,
  sessionChanged,
  whenSessionReloaded,
  type MatchSummary,
  type SessionAccount,
  type SessionInfo,
} from './api';

// null until GET /api/session answers (and while it cannot be loaded).
export const session = signal<SessionInfo | null>(null);
export const account = computed<SessionAccount | null>(() => session.value?.account ?? null);

function adopt(info: SessionInfo) {
  sessionChanged(info);
  session.value = { account: info.account ?? null, csrf: info.csrf };
}

loadSession()
  .then((info) => (session.value = { account: info.account ?? null, csrf: info.csrf }))
  .catch(() => {});
// A POST that found its token stale loads the session again: another tab may have signed in or out.
whenSessionReloaded((info) => (session.value = { account: info.account ?? null, csrf: info.csrf }));

// The longest password the server takes (its rules are shown beside the fields, and it decides).
export const PASSWORD_MAX = 128;
// The page a sign-in was started from (sessionStorage), to come back to.
export const RETURN_KEY = 'quartel.after_signin';

export async function signIn(name: string, password: string) {
  adopt(await post<SessionInfo>('/api/signin', { name, password, seats: seatTokens() }));
}
export async function signUp(name: string, password: string) {
  adopt(await post<SessionInfo>('/api/signup', { name, password, seats: seatTokens() }));
}
export async function signOut() {
  adopt(await post<SessionInfo>('/api/signout', {}));
}
// The other sessions of the account end; this one goes on (its token may be replaced: the
// answer's csrf, when it has one, is the session's new token).
export async function changePassword(old: string, fresh: string) {
  const answer = await post<Partial<SessionInfo>>('/api/password', { old, new: fresh });
  if (answer && typeof answer.csrf === 'string') adopt({ account: answer.account ?? account.value, csrf: answer.csrf });
}

// A rating in a pool (ratings.h): the 1500 scale for every pool; "provisional" while the
// deviation is high (few games).
export interface Rating {
  pool: string;
  game: string;
  rating: number;
  deviation: number;
  games: number;
  provisional: boolean;
}
export interface RatingPoint {
  at: string | number;
  rating: number;
  deviation: number;
  match: string;
}
// A profile's match: the list's summary with each seat's account name ("" for a guest's seat).
export interface ProfileMatch extends MatchSummary {
  players?: string[];
  rated?: boolean;
  clock?: string;
  ending?: string;
}
export interface Profile {
  name: string;
  bot: string | null;  // a bot's spec
  created_at: string | number;
  ratings: Rating[];
  history: Record<string, RatingPoint[]>;
  running: ProfileMatch[];
  finished: ProfileMatch[];
  awaiting: (string | { match: string; game?: string; seat?: number })[];  // the matches awaiting their move
}
export function fetchProfile(name: string) {
  return get<Profile>(`/api/players/${encodeURIComponent(name)}`);
}

export interface LeaderRow {
  name: string;
  rating: number;
  deviation: number;
  games: number;
  provisional: boolean;
  bot: boolean;
}
export function fetchPools() {
  return get<{ pools: { pool: string; game: string }[] }>('/api/leaderboard').then((r) => r.pools);
}
export function fetchLeaderboard(pool: string) {
  return get<{ pool: string; players: LeaderRow[] }>(`/api/leaderboard?pool=${encodeURIComponent(pool)}`);
}

// The bot accounts: each one's spec (the new-game page's bot levels) and its ratings per pool.
export interface BotAccount {
  name: string;
  spec: string;
  ratings: Rating[];
}
let bots: Promise<BotAccount[]> | null = null;
export function fetchBots(): Promise<BotAccount[]> {
  bots ??= get<{ bots: BotAccount[] } | BotAccount[]>('/api/bots').then((r) => (Array.isArray(r) ? r : r.bots ?? []));
  bots.catch(() => (bots = null));
  return bots;
}

// A time from the server (ISO text, or seconds or milliseconds since 1970) as a Date.
export function toDate(at: string | number): Date {
  if (typeof at === 'number') return new Date(at < 1e12 ? at * 1000 : at);
  return new Date(/^\d+$/.test(at) ? Number(at) * (at.length <= 10 ? 1000 : 1) : at.includes('T') || at.includes('Z') ? at : at.replace(' ', 'T') + 'Z');
}

// The pool a new match would be rated in (ratings.h RatingPool): Stratego's Barrage army and
// Conspiradores' 2 and 4 players are rated apart.
export function poolOf(game: string, options: Record<string, unknown>, seats: number, pools: string[]): string | undefined {
  const mine = pools.filter((p) => p === game || p.startsWith(`${game}-`));
  if (mine.length <= 1) return mine[0];
  if (game === 'stratego') return options.army === 'barrage' ? 'stratego-barrage' : 'stratego';
  return mine.find((p) => p === `${game}-${seats}p`) ?? mine.find((p) => p === game);
}

// " · 1620" (or " · 1500?" while provisional): the rating of the bot account playing `spec` in
// the pool of the match being set up; "" when it has none.
export function botRating(bots: BotAccount[], spec: string, game: string, options: Record<string, unknown>, seats: number) {
  const bot = bots.find((b) => b.spec === spec || b.spec === `bot:${spec}`);
  if (!bot?.ratings?.length) return '';
  const pool = poolOf(game, options, seats, bot.ratings.map((r) => r.pool));
  const r = bot.ratings.find((x) => x.pool === pool);
  return r ? ` · ${Math.round(r.rating)}${r.provisional ? '?' : ''}` : '';
}

// The rating pools (GET /api/leaderboard), loaded once: whether a match can be rated.
let pools: Promise<string[]> | null = null;
export function ratingPools(): Promise<string[]> {
  pools ??= fetchPools().then((list) => list.map((p) => p.pool));
  pools.catch(() => (pools = null));
  return pools;
}
