// The lobby's WebSocket (docs/PROTOCOL.md, "Lobby"): one connection subscribed with `lobby`,
// apart from any match's. It holds the seeks this player may see (the server sends only those:
// a seek outside the player's rating range does not exist for it), the running matches to watch
// and the games awaiting the player's move, and keeps them live from the server's frames
// (seek_added, seek_removed, invitation, match_ready). After a drop it connects again and
// subscribes again: the answer is the whole list, which replaces the old one.
import { signal } from '@preact/signals';
import { holdSeat, playSeatInThisTab } from './api';

// The frames' types, generated from schemas/protocol.schema.json.
import type { Awaiting, ClockSpec, LobbyMatch, Seek } from './generated/protocol';
export type { LobbyMatch, Seek };
export type LiveClockSpec = ClockSpec;
export type AwaitingGame = Awaiting;

// A frame's map of names to texts (a seek's options, its bots), without the absent ones the
// generated type allows.
export function entriesOf(record: { [k: string]: string | undefined }): [string, string][] {
  return Object.entries(record).filter((entry): entry is [string, string] => entry[1] !== undefined);
}

// What a new seek or invitation carries (the client's `seek` and `invite` messages).
export interface SeekRequest {
  game: string;
  options: Record<string, unknown>;
  seat: number;
  bots: Record<string, string>;
  clock: LiveClockSpec | null;
  rated: boolean;
  min_rating: number | null;
  max_rating: number | null;
  to?: string;
}

export type LobbyStatus = 'connecting' | 'open' | 'lost';

export class LobbyConnection {
  readonly seeks = signal<Seek[]>([]);
  readonly matches = signal<LobbyMatch[]>([]);
  readonly awaiting = signal<AwaitingGame[]>([]);
  readonly status = signal<LobbyStatus>('connecting');
  // The last refusal, in the server's words, and a note (an invitation declined).
  readonly error = signal<{ code: string; message: string } | null>(null);
  readonly declined = signal<string | null>(null);
  // The seeks this connection posted (a guest's have no name to tell them by).
  readonly posted = signal<Set<string>>(new Set());
  // Seeks this player accepted that wait for more players (a table of three or more).
  readonly waiting = signal<Map<string, number>>(new Map());

  private socket: WebSocket | null = null;
  private closed = false;
  private retry = 0;
  private timer: number | undefined;
  private refresh: number | undefined;
  private nextId = 0;

  constructor(private readonly ready: (match: string) => void) {
    this.open();
    // The games awaiting the player's move change with every match's moves: the list is asked
    // for again now and then (the answer replaces it whole).
    this.refresh = window.setInterval(() => this.send({ type: 'lobby' }), 20000);
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    clearInterval(this.refresh);
    this.socket?.close();
  }

  seek(request: SeekRequest) {
    const message: Record<string, unknown> = { type: request.to ? 'invite' : 'seek', game: request.game, options: request.options, seat: request.seat, bots: request.bots, rated: request.rated };
    if (request.clock && request.clock.kind !== 'none') message.clock = request.clock;
    if (request.to) message.to = request.to;
    else {
      if (request.min_rating !== null) message.min_rating = request.min_rating;
      if (request.max_rating !== null) message.max_rating = request.max_rating;
    }
    return this.send(message);
  }
  cancel(seek: string) {
    return this.send({ type: 'cancel_seek', seek });
  }
  accept(seek: string) {
    return this.send({ type: 'accept_seek', seek });
  }
  decline(seek: string) {
    return this.send({ type: 'decline', seek });
  }

  private send(message: Record<string, unknown>) {
    if (this.socket?.readyState !== WebSocket.OPEN) {
      this.error.value = { code: 'offline', message: '' };
      return false;
    }
    this.error.value = null;
    this.socket.send(JSON.stringify({ ...message, id: `l${++this.nextId}` }));
    return true;
  }

  private open() {
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
    const socket = new WebSocket(url);
    this.socket = socket;
    socket.onopen = () => {
      this.retry = 0;
      socket.send(JSON.stringify({ type: 'lobby' }));
    };
    socket.onmessage = (message) => {
      try {
        this.receive(JSON.parse(message.data));
      } catch {
        // a frame this client does not know: ignored
      }
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (this.closed) return;
      this.status.value = 'lost';
      this.timer = window.setTimeout(() => this.open(), Math.min(10000, 300 * 2 ** this.retry++));
    };
  }

  private upsert(seek: Seek) {
    const list = this.seeks.value;
    const at = list.findIndex((s) => s.seek === seek.seek);
    this.seeks.value = at < 0 ? [...list, seek] : list.map((s, i) => (i === at ? seek : s));
  }

  private receive(frame: any) {
    switch (frame.type) {
      case 'lobby':
        this.status.value = 'open';
        this.seeks.value = frame.seeks ?? [];
        this.matches.value = frame.matches ?? [];
        this.awaiting.value = frame.awaiting ?? [];
        break;
      case 'awaiting':
        this.awaiting.value = frame.awaiting ?? [];
        break;
      case 'seek_added':
      case 'invitation':
        if (frame.seek && typeof frame.seek === 'object') this.upsert(frame.seek);
        break;
      case 'seek_removed': {
        this.seeks.value = this.seeks.value.filter((s) => s.seek !== frame.seek);
        const waiting = new Map(this.waiting.value);
        if (waiting.delete(frame.seek)) this.waiting.value = waiting;
        break;
      }
      case 'seek_posted':
        this.posted.value = new Set([...this.posted.value, frame.seek]);
        break;
      case 'seek_accepted':
        if (frame.waiting > 0) this.waiting.value = new Map([...this.waiting.value, [frame.seek, frame.waiting]]);
        break;
      case 'declined':
        this.declined.value = frame.by ?? '';
        break;
      case 'match_ready':
        // The seat is this browser's: kept as the match page keeps a seat, then played here.
        holdSeat({ match: frame.match, game: frame.game ?? '', seat: frame.seat, token: frame.token, role: 'play' });
        playSeatInThisTab(frame.match, frame.token);
        this.ready(frame.match);
        break;
      case 'error':
        this.error.value = { code: frame.code, message: frame.message ?? '' };
        break;
    }
  }
}
