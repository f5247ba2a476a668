// One match's WebSocket: joins as the seat of the token (or as a spectator), hands each frame to
// the page, and after a drop reconnects by itself and asks for the events it missed ("since").
// A connection that hears nothing for a few seconds is dead, whatever the socket says (a network
// gone quiet keeps a socket "open" for minutes): it pings the server and gives up on silence.
// A move is pending from the moment it is made until the server answers it (its event, a draft
// or a refusal); one made while offline is sent once the connection is back.
import type { DraftFrame, EventFrame, JoinedFrame as Joined, Move, Presence, ServerFrame } from './types';

// The frames, as the protocol's schemas give them (a draft: a placement of the viewer's own setup
// in progress, docs/PROTOCOL.md "Drafts": its state only, under the last event's number; no
// move-list line).
export type { DraftFrame, EventFrame, JoinedFrame as Joined } from './types';
export interface ServerError {
  code: string;
  message: string;
  id?: string;  // the message it answers (chat's, a rematch's, a claim's)
}
export type Status = 'connecting' | 'open' | 'lost';

const PING_EVERY_MS = 3000;
// Silence this long (a ping and its answer lost twice) means the connection is dead.
const DEAD_AFTER_MS = 7000;
// A socket not open by then is given up and tried again (a server that accepts and says nothing).
const OPEN_WITHIN_MS = 6000;

export interface Handlers {
  joined(frame: Joined): void;
  event(frame: EventFrame): void;
  draft(frame: DraftFrame): void;
  error(error: ServerError): void;
  status(status: Status): void;
  presence(presence: Presence, claimable?: boolean[]): void;
  // Frames of the match's table: chat lines, a rematch offered, the rematch's seat (match_ready).
  other?(frame: { type: string; [field: string]: unknown }): void;
  // Whether a move of this viewer waits for the server's answer.
  pending(pending: boolean): void;
}

export class MatchConnection {
  private socket: WebSocket | null = null;
  private lastEvent = -1;
  private you: Joined['you'] | null = null;
  private retry = 0;
  private closed = false;
  private timer: number | undefined;
  private heartbeat: number | undefined;
  private lastHeard = 0;
  private pendingMove: { message: object; sent: boolean } | null = null;
  private readonly onOffline = () => this.giveUp();
  private readonly onOnline = () => this.reconnectNow();

  constructor(
    private readonly match: string,
    private readonly token: string | null,
    private readonly handlers: Handlers,
  ) {
    window.addEventListener('offline', this.onOffline);
    window.addEventListener('online', this.onOnline);
    this.open();
  }

  get event() {
    return this.lastEvent;
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    clearInterval(this.heartbeat);
    window.removeEventListener('offline', this.onOffline);
    window.removeEventListener('online', this.onOnline);
    this.socket?.close();
  }

  // Test hook: drop the socket as a network failure would.
  drop() {
    this.socket?.close();
  }

  // Tries again at once (the "reconnect now" button, the network back).
  reconnectNow() {
    if (this.closed || this.socket) return;
    clearTimeout(this.timer);
    this.retry = 0;
    this.open();
  }

  act(move: Move) {
    this.pendingMove = { message: { type: 'act', match: this.match, event: this.lastEvent, ...move }, sent: false };
    this.handlers.pending(true);
    this.sendPending();
  }
  resign() {
    this.send({ type: 'resign', match: this.match, event: this.lastEvent });
  }
  offerDraw() {
    this.send({ type: 'offer_draw', match: this.match, event: this.lastEvent });
  }
  acceptDraw() {
    this.send({ type: 'accept_draw', match: this.match, event: this.lastEvent });
  }
  // The table's own messages (docs/PROTOCOL.md, "Chat", "Lobby", "Clocks"), each with an id that
  // the server's refusal echoes. False when the connection is down.
  tableMessage(type: 'chat' | 'rematch' | 'claim_win', id: string, fields: Record<string, unknown> = {}) {
    if (this.socket?.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify({ type, match: this.match, id, ...fields }));
    return true;
  }

  private sendPending() {
    if (!this.pendingMove || this.pendingMove.sent || this.socket?.readyState !== WebSocket.OPEN || this.lastEvent < 0) return;
    this.pendingMove.sent = true;
    this.socket.send(JSON.stringify(this.pendingMove.message));
  }

  private answered() {
    if (!this.pendingMove) return;
    this.pendingMove = null;
    this.handlers.pending(false);
  }

  // The socket is dead (silence, the network gone): forget it and try again.
  private giveUp() {
    const socket = this.socket;
    if (!socket) return;
    this.socket = null;
    socket.onclose = socket.onmessage = socket.onopen = null;
    socket.close();
    this.lost();
  }

  private lost() {
    clearInterval(this.heartbeat);
    if (this.closed) return;
    // A move sent on the dead socket may or may not have arrived: it is sent again after the
    // join, at the event it answered (the server refuses it as stale if it was played).
    if (this.pendingMove) this.pendingMove.sent = false;
    this.handlers.status('lost');
    // Back off up to 10 s; the first retry is quick, a server restart takes a moment.
    const delay = Math.min(10000, 300 * 2 ** this.retry++);
    this.timer = window.setTimeout(() => this.open(), delay);
  }

  private send(message: object) {
    if (this.socket?.readyState === WebSocket.OPEN) {
      this.socket.send(JSON.stringify(message));
    } else {
      this.handlers.error({ code: 'offline', message: '' });
    }
  }

  private open() {
    // Once connected, a new attempt is still "reconnecting…" until it is back.
    if (this.lastEvent < 0) this.handlers.status('connecting');
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
    const socket = new WebSocket(url);
    this.socket = socket;
    this.lastHeard = Date.now();
    let lastPing = Date.now();
    clearInterval(this.heartbeat);
    this.heartbeat = window.setInterval(() => {
      const now = Date.now();
      if (now - this.lastHeard > (socket.readyState === WebSocket.OPEN ? DEAD_AFTER_MS : OPEN_WITHIN_MS)) return this.giveUp();
      if (socket.readyState !== WebSocket.OPEN || now - lastPing < PING_EVERY_MS) return;
      lastPing = now;
      socket.send('{"type":"ping"}');
    }, 1000);
    socket.onopen = () => {
      this.retry = 0;
      this.lastHeard = Date.now();
      const join: Record<string, unknown> = { type: 'join', match: this.match };
      if (this.token) join.token = this.token;
      if (this.lastEvent >= 0) join.since = this.lastEvent;
      socket.send(JSON.stringify(join));
    };
    socket.onmessage = (message) => {
      this.lastHeard = Date.now();
      this.receive(JSON.parse(message.data));
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.lost();
    };
  }

  private receive(frame: ServerFrame) {
    switch (frame.type) {
      case 'joined':
        this.lastEvent = frame.event;
        this.you = frame.you;
        this.handlers.status('open');
        this.handlers.joined(frame);
        this.handlers.presence(frame.presence);
        this.sendPending();
        break;
      case 'event':
        if (frame.event <= this.lastEvent) return;  // already seen (a resend after a reconnect)
        this.lastEvent = frame.event;
        if (frame.by === this.you) this.answered();
        this.handlers.event(frame);
        break;
      case 'draft':
        if (frame.event === this.lastEvent) {
          this.answered();
          this.handlers.draft(frame);
        }
        break;
      case 'presence':
        this.handlers.presence(frame.presence, frame.claimable);
        break;
      case 'error':
        if (!frame.id) this.answered();
        this.handlers.error({ code: frame.code, message: frame.message, id: frame.id });
        break;
      default:
        this.handlers.other?.(frame as { type: string });
    }
  }
}
