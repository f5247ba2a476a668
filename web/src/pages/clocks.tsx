// A match's clocks (docs/PROTOCOL.md, "Clocks"): every seat's time from STATE's `clock`, the
// running seat counted down here between frames from the frame's `remaining_ms`. The server is the
// only clock: each frame sets the time again, and a seat whose time is out waits for the server's
// `timeout` event (shown at 0:00 meanwhile). A live clock under 20 s turns red and is announced
// once to a screen reader; a correspondence clock shows the time left for the move.
import { useEffect, useRef, useState } from 'preact/hooks';
import { seatColour, seatName } from '../games';
import { t } from '../i18n';
import type { MatchState, Viewer } from '../types';
import './lobby.css';

type Clock = NonNullable<MatchState['clock']>;

export const LOW_TIME_MS = 20000;

// 5:07, 0:19, 0:09.4 (tenths under 10 s), 1:02:03 past an hour.
export function formatLive(ms: number) {
  const clamped = Math.max(0, ms);
  if (clamped < 10000) return `0:0${Math.floor(clamped / 1000)}.${Math.floor((clamped % 1000) / 100)}`;
  const total = Math.floor(clamped / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

// "2 days 3 h", "5 h 12 min", "12 min", "40 s": a span of time.
export function formatSpan(ms: number) {
  const s = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(s / 86400);
  const hours = Math.floor((s % 86400) / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  if (days > 0 && hours === 0) return t(days === 1 ? 'clock.span_day_only' : 'clock.span_days_only', { d: days });
  if (days > 0) return t(days === 1 ? 'clock.span_day' : 'clock.span_days', { d: days, h: hours });
  if (hours > 0) return t('clock.span_hours', { h: hours, m: minutes });
  if (minutes > 0) return t('clock.span_minutes', { m: minutes });
  return t('clock.span_seconds', { s });
}
// "2 days 3 h left".
export function formatLeft(ms: number) {
  return t('clock.left', { time: formatSpan(ms) });
}

// The time each seat has now: the frame's, less the time since the frame came for running seats.
function useNow(clock: Clock | undefined, over: boolean) {
  const arrived = useRef({ clock, at: performance.now() });
  if (arrived.current.clock !== clock) arrived.current = { clock, at: performance.now() };
  const [, tick] = useState(0);
  const running = Boolean(clock && clock.running.length > 0 && !over);
  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => tick((n) => n + 1), clock?.kind === 'live' ? 100 : 1000);
    return () => clearInterval(timer);
  }, [running, clock?.kind]);
  const elapsed = performance.now() - arrived.current.at;
  return (seat: number) => {
    const base = clock?.remaining_ms[seat] ?? 0;
    return !over && clock?.running.includes(seat) ? Math.max(0, base - elapsed) : base;
  };
}

export function Clocks({ state, names, game, you }: { state: MatchState; names: string[]; game: string; you: Viewer }) {
  const clock = state.clock;
  const left = useNow(clock, state.over);
  const announced = useRef(new Set<number>());
  const [announcement, setAnnouncement] = useState('');
  if (!clock) return null;
  const live = clock.kind === 'live';
  // Once per seat and match: its time is low (the viewer's own seat first of all).
  for (const seat of clock.running) {
    if (live && !state.over && left(seat) < LOW_TIME_MS && !announced.current.has(seat)) {
      announced.current.add(seat);
      const name = seatName(names[seat] ?? '');
      queueMicrotask(() => setAnnouncement(seat === you ? t('clock.low_yours') : t('clock.low', { name })));
    }
  }
  return (
    <div class={`clocks clocks-${clock.kind}`} data-testid="clocks">
      {clock.remaining_ms.map((_, seat) => {
        const ms = left(seat);
        const running = clock.running.includes(seat) && !state.over;
        const low = live && ms < LOW_TIME_MS;
        const name = seatName(names[seat] ?? '');
        return (
          <div
            key={seat}
            class={`clock${running ? ' running' : ''}${low ? ' low' : ''}${seat === you ? ' mine' : ''}`}
            data-testid={`clock-${seat}`}
            data-ms={Math.round(ms)}
          >
            <span class="swatch" style={{ background: seatColour(game, seat) }} aria-hidden="true" />
            <span class="clock-name">
              {name}
              {seat === you && ` (${t('clock.you')})`}
            </span>
            <span class="clock-time" aria-label={t('clock.time_of', { name, time: live ? formatLive(ms) : formatLeft(ms) })}>
              {live ? formatLive(ms) : running ? formatLeft(ms) : t('clock.per_move', { time: formatSpan(clock.per_move_ms ?? ms) })}
            </span>
          </div>
        );
      })}
      {live && clock.increment_ms ? <span class="clock-note muted small">{t('clock.increment', { s: Math.round(clock.increment_ms / 1000) })}</span> : null}
      <span class="visually-hidden" aria-live="assertive" data-testid="clock-announce">
        {announcement}
      </span>
    </div>
  );
}
