import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { eventsSoFar, holdSeat } from '../api';
import { boardFor } from '../boards';
import type { BoardProps } from '../boards/types';
import { MatchConnection, type DraftFrame, type EventFrame, type Joined, type Status } from '../connection';
import { gameName, useGameInfo } from '../games';
import { t } from '../i18n';
import type { Fact, MatchState, Move, MoveLine, Viewer } from '../types';
import { MatchActions, MatchLinks } from './match-actions';
import { GameOver, MoveBox, MoveList, SeatBar } from './match-parts';
import { RulesButton } from './rules-drawer';
import { FirstGameGuide } from './first-game-guide';
import { BotThinking } from './bot-thinking';

interface Live {
  joined: Joined;
  event: number;  // the last event seen
  state: MatchState;
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
        setLive((old) => ({ joined: frame, event: frame.event, state: frame.state, lastSteps: old?.lastSteps ?? [] }));
        if (token && typeof frame.you === 'number') holdSeat({ match: id, game: frame.game, seat: frame.you, token });
      },
      event(frame: EventFrame) {
        seen = frame.event;
        setMoves((old) => mergeLines(old, [{ event: frame.event, by: frame.by, text: frame.text, steps: frame.steps }]));
        setLive((old) => (old ? { joined: old.joined, event: frame.event, state: frame.state, lastSteps: frame.steps } : old));
        setError('');
      },
      draft(frame: DraftFrame) {
        setLive((old) => (old ? { ...old, state: frame.state, lastSteps: frame.steps } : old));
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
    lastSteps: live.lastSteps,
    interactive: you !== 'spectator' && !state.over,
    act,
  };
  (window as any).__quartel.state = state;
  return (
    <div class={`match game-${joined.game}`} data-status={status} data-event={live.event}>
      <div class="match-head">
        <h1>{gameName(joined.game)}</h1>
        <RulesButton game={joined.game} />
        <SeatBar game={joined.game} names={joined.seat_names} seats={joined.seats} state={state} you={you} />
        <BotThinking game={joined.game} names={joined.seat_names} seats={joined.seats} state={state} />
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
          <FirstGameGuide game={joined.game} playing={you !== 'spectator'} />
          {module.Panel && <module.Panel {...props} />}
          {state.over && <GameOver hidden={Boolean(info?.hidden_information)} names={joined.seat_names} state={state} matchId={id} />}
          <MoveList game={joined.game} names={joined.seat_names} lines={moves} />
          {props.interactive && <MoveBox state={state} act={act} />}
          <MatchActions state={state} you={you} seats={joined.seats.length} seatNames={joined.seat_names} drawByAgreement={!!info?.draw_by_agreement} connection={connection} />
          <MatchLinks id={id} token={token} seatNames={joined.seat_names} />
        </aside>
      </div>
    </div>
  );
}

function mergeLines(old: MoveLine[], more: MoveLine[]): MoveLine[] {
  const byEvent = new Map(old.map((l) => [l.event, l]));
  for (const line of more) byEvent.set(line.event, line);
  return [...byEvent.values()].sort((a, b) => a.event - b.event);
}
