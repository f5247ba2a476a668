// One match's WebSocket: joins as the seat of the token (or as a spectator), hands each frame to
// the page, and after a drop reconnects by itself and asks for the events it missed ("since").
import type { DraftFrame, EventFrame, JoinedFrame as Joined, Move, ServerFrame } from './types';

// The frames, as the protocol's schemas give them (a draft: a placement of the viewer's own setup
// in progress, docs/PROTOCOL.md "Drafts": its state only, under the last event's number; no
// move-list line).
export type { DraftFrame, EventFrame, JoinedFrame as Joined } from './types';
export interface ServerError {
  code: string;
  message: string;
}
export type Status = 'connecting' | 'open' | 'lost';

export interface Handlers {
  joined(frame: Joined): void;
  event(frame: EventFrame): void;
  draft(frame: DraftFrame): void;
  error(error: ServerError): void;
  status(status: Status): void;
}

export class MatchConnection {
  private socket: WebSocket | null = null;
  private lastEvent = -1;
  private retry = 0;
  private closed = false;
  private timer: number | undefined;

  constructor(
    private readonly match: string,
    private readonly token: string | null,
    private readonly handlers: Handlers,
  ) {
    this.open();
  }

  get event() {
    return this.lastEvent;
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    this.socket?.close();
  }

  // Test hook and the "reconnect now" button: drop the socket as a network failure would.
  drop() {
    this.socket?.close();
  }

  act(move: Move) {
    this.send({ type: 'act', match: this.match, event: this.lastEvent, ...move });
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

  private send(message: object) {
    if (this.socket?.readyState === WebSocket.OPEN) {
      this.socket.send(JSON.stringify(message));
    } else {
      this.handlers.error({ code: 'offline', message: '' });
    }
  }

  private open() {
    this.handlers.status('connecting');
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
    const socket = new WebSocket(url);
    this.socket = socket;
    socket.onopen = () => {
      this.retry = 0;
      const join: Record<string, unknown> = { type: 'join', match: this.match };
      if (this.token) join.token = this.token;
      if (this.lastEvent >= 0) join.since = this.lastEvent;
      socket.send(JSON.stringify(join));
    };
    socket.onmessage = (message) => this.receive(JSON.parse(message.data));
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (this.closed) return;
      this.handlers.status('lost');
      // Back off up to 10 s; the first retry is quick, a server restart takes a moment.
      const delay = Math.min(10000, 300 * 2 ** this.retry++);
      this.timer = window.setTimeout(() => this.open(), delay);
    };
  }

  private receive(frame: ServerFrame) {
    switch (frame.type) {
      case 'joined':
        this.lastEvent = frame.event;
        this.handlers.status('open');
        this.handlers.joined(frame);
        break;
      case 'event':
        if (frame.event <= this.lastEvent) return;  // already seen (a resend after a reconnect)
        this.lastEvent = frame.event;
        this.handlers.event(frame);
        break;
      case 'draft':
        if (frame.event === this.lastEvent) this.handlers.draft(frame);
        break;
      case 'error':
        this.handlers.error({ code: frame.code, message: frame.message });
        break;
    }
  }
}
