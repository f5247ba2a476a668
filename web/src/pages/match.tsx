import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { eventsSoFar, heldSeats, holdSeat, seatLink, watchLink } from '../api';
import { boardFor } from '../boards';
import type { BoardProps } from '../boards/types';
import { MatchConnection, type DraftFrame, type EventFrame, type Joined, type Status } from '../connection';
import { gameName, seatName, useGameInfo } from '../games';
import { t } from '../i18n';
import type { Fact, MatchState, Move, MoveLine, Viewer } from '../types';
import { GameOver, MoveBox, MoveList, SeatBar } from './match-parts';

interface Live {
  joined: Joined;
  event: number;  // the last event seen
  state: MatchState;
  lastText: string;
  lastSteps: Fact[];
}

function tokenFromHash(): string | null {
  const match = /seat=([^&]+)/.exec(location.hash);
  return match ? match[1] : null;
}

export function MatchPage({ id }: { id: string }) {
  const token = useMemo(tokenFromHash, [id]);
  const [live, setLive] = useState<Live | null>(null);
  const [moves, setMoves] = useState<MoveLine[]>([]);
  const [status, setStatus] = useState<Status>('connecting');
  const [error, setError] = useState('');
  const connection = useRef<MatchConnection | null>(null);

  useEffect(() => {
    let seen = -1;
    const refetch = (viewer: Viewer) =>
      eventsSoFar(id, token, viewer)
        .then(({ lines, finished }) => setMoves((old) => (finished ? lines : mergeLines(old, lines))))
        .catch(() => {});
    const conn = new MatchConnection(id, token, {
      joined(frame) {
        // A first join, or a reconnect that missed more events than the server resends: the
        // move list is fetched again (the events as this viewer saw them).
        if (seen < 0 || frame.event > seen) refetch(frame.you);
        seen = frame.event;
        setError('');
        setLive((old) => ({ joined: frame, event: frame.event, state: frame.state, lastText: old?.lastText ?? '', lastSteps: old?.lastSteps ?? [] }));
        if (token && typeof frame.you === 'number') holdSeat({ match: id, game: frame.game, seat: frame.you, token });
      },
      event(frame: EventFrame) {
        seen = frame.event;
        setMoves((old) => mergeLines(old, [{ event: frame.event, by: frame.by, text: frame.text, steps: frame.steps }]));
        setLive((old) => (old ? { joined: old.joined, event: frame.event, state: frame.state, lastText: frame.text, lastSteps: frame.steps } : old));
        setError('');
      },
      draft(frame: DraftFrame) {
        setLive((old) => (old ? { ...old, state: frame.state, lastText: frame.text, lastSteps: frame.steps } : old));
        setError('');
      },
      error(e) {
        setError(e.code === 'offline' ? t('match.offline') : t(`error.${e.code}`, { message: e.message }));
      },
      status: setStatus,
    });
    connection.current = conn;
    (window as any).__quartel = { connection: conn };
    return () => conn.close();
  }, [id, token]);

  const info = useGameInfo(live?.joined.game);

  if (!live) {
    return (
      <div class="match loading">
        {error ? (
          <>
            <p class="error">{error}</p>
            <p>
              <a class="button" href="/">
                {t('match.home')}
              </a>{' '}
              {token && (
                <a class="button" href={`/match/${id}`} target="_self">
                  {t('match.watch_instead')}
                </a>
              )}
            </p>
          </>
        ) : (
          <p class="muted">{status === 'lost' ? t('match.reconnecting') : t('common.loading')}</p>
        )}
      </div>
    );
  }
  const { joined, state } = live;
  const you: Viewer = joined.you;
  const module = boardFor(joined.game);
  const act = (move: Move) => {
    setError('');
    connection.current?.act(move);
  };
  const props: BoardProps = {
    game: joined.game,
    options: joined.options,
    state,
    you,
    seatNames: joined.seat_names,
    lastText: live.lastText,
    lastSteps: live.lastSteps,
    interactive: you !== 'spectator' && !state.over,
    act,
  };
  (window as any).__quartel.state = state;
  const held = heldSeats().filter((h) => h.match === id);
  return (
    <div class={`match game-${joined.game}`} data-status={status} data-event={live.event}>
      <div class="match-head">
        <h1>{gameName(joined.game)}</h1>
        <SeatBar game={joined.game} names={joined.seat_names} seats={joined.seats} state={state} you={you} />
        {you === 'spectator' && <span class="tag">{t('match.watching')}</span>}
        <span class={`conn conn-${status}`} role="status">
          {t(`match.status_${status}`)}
        </span>
      </div>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <div class="match-body">
        <div class="board-area">
          <module.Board {...props} />
        </div>
        <aside class="side">
          {module.Panel && <module.Panel {...props} />}
          {state.over && <GameOver hidden={Boolean(info?.hidden_information)} names={joined.seat_names} state={state} matchId={id} />}
          <MoveList game={joined.game} names={joined.seat_names} lines={moves} />
          {props.interactive && <MoveBox state={state} act={act} />}
          <div class="match-actions">
            {you !== 'spectator' && !state.over && !seatIsOut(state, you) && (
              <button onClick={() => confirm(t('match.resign_confirm')) && connection.current?.resign()}>{t('match.resign')}</button>
            )}
            {you !== 'spectator' && !state.over && joined.seats.length === 2 && state.draw_offer === undefined && info?.draw_by_agreement && (
              <button onClick={() => connection.current?.offerDraw()}>{t('match.offer_draw')}</button>
            )}
            {state.draw_offer !== undefined && state.draw_offer !== you && you !== 'spectator' && (
              <button class="primary" onClick={() => connection.current?.acceptDraw()}>
                {t('match.accept_draw')}
              </button>
            )}
            {state.draw_offer !== undefined && !state.over && (
              <p class="draw-offer muted small" data-testid="draw-offer" role="status" style={{ flexBasis: '100%', margin: 0 }}>
                {state.draw_offer === you
                  ? t('match.draw_offered_yours')
                  : t('match.draw_offered', { name: seatName(joined.seat_names[state.draw_offer] ?? '') })}
              </p>
            )}
          </div>
          <div class="links">
            <h3>{t('match.links')}</h3>
            {held
              .filter((h) => h.token !== token)
              .map((h) => (
                <CopyButton key={h.seat} label={t('match.copy_seat', { seat: seatName(joined.seat_names[h.seat]) })} text={seatLink(id, h.token)} />
              ))}
            <CopyButton label={t('match.copy_watch')} text={watchLink(id)} />
          </div>
        </aside>
      </div>
    </div>
  );
}

// WAR with three or more left goes on without a seat that resigned or was eliminated: it has
// nothing more to resign.
function seatIsOut(state: MatchState, you: number) {
  const seat = state.view?.seats?.[you];
  return Boolean(seat && typeof seat === 'object' && seat.eliminated_by);
}

function mergeLines(old: MoveLine[], more: MoveLine[]): MoveLine[] {
  const byEvent = new Map(old.map((l) => [l.event, l]));
  for (const line of more) byEvent.set(line.event, line);
  return [...byEvent.values()].sort((a, b) => a.event - b.event);
}

function CopyButton({ label, text }: { label: string; text: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      class="copy"
      data-link={text}
      onClick={() => {
        navigator.clipboard?.writeText(text).then(
          () => setCopied(true),
          () => prompt(label, text),
        );
        setTimeout(() => setCopied(false), 1500);
      }}
    >
      {copied ? t('match.copied') : label}
    </button>
  );
}
