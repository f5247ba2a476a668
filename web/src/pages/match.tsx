import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { eventsSoFar, holdSeat, seatTokenFor } from '../api';
import { boardFor } from '../boards';
import type { BoardProps } from '../boards/types';
import { MatchConnection, type DraftFrame, type EventFrame, type Joined, type Status } from '../connection';
import { gameName, useGameInfo } from '../games';
import { t } from '../i18n';
import type { Fact, MatchState, Move, MoveLine, Presence, Viewer } from '../types';
import { MatchActions, MatchLinks } from './match-actions';
import { GameOver, MoveBox, MoveList, SeatBar } from './match-parts';
import { InvitePanel } from './invite';
import { AlertControls, useTurnAlerts } from './turn-alerts';
import { RulesButton } from './rules-drawer';
import { FirstGameGuide } from './first-game-guide';
import { BotThinking } from './bot-thinking';

interface Live {
  joined: Joined;
  event: number;  // the last event seen
  state: MatchState;
  lastSteps: Fact[];
  lastBy?: EventFrame['by'];
}

export function MatchPage({ id }: { id: string }) {
  const token = useMemo(() => seatTokenFor(id), [id]);
  const [live, setLive] = useState<Live | null>(null);
  const [moves, setMoves] = useState<MoveLine[]>([]);
  const [status, setStatus] = useState<Status>('connecting');
  const [error, setError] = useState('');
  const [presence, setPresence] = useState<Presence>([]);
  const [pending, setPending] = useState(false);
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
        if (token && typeof frame.you === 'number') holdSeat({ match: id, game: frame.game, seat: frame.you, token, role: 'play' });
      },
      event(frame: EventFrame) {
        seen = frame.event;
        setMoves((old) => mergeLines(old, [{ event: frame.event, by: frame.by, text: frame.text, steps: frame.steps, moves: frame.moves }]));
        setLive((old) => (old ? { joined: old.joined, event: frame.event, state: frame.state, lastSteps: frame.steps, lastBy: frame.by } : old));
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
      presence: setPresence,
      pending: setPending,
    });
    connection.current = conn;
    (window as any).__quartel = { connection: conn };
    return () => conn.close();
  }, [id, token]);

  const info = useGameInfo(live?.joined.game);
  useTurnAlerts(
    live?.joined.game ?? '',
    Boolean(live && live.joined.you !== 'spectator' && live.state.your_turn && !live.state.over),
    live?.event ?? -1,
    live !== null && live.lastBy === live.joined.you,
  );

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
    interactive: you !== 'spectator' && !state.over && !pending,
    act,
  };
  (window as any).__quartel.state = state;
  return (
    <div class={`match game-${joined.game}`} data-status={status} data-event={live.event}>
      <div class="match-head">
        <h1>{gameName(joined.game)}</h1>
        <RulesButton game={joined.game} />
        <SeatBar game={joined.game} names={joined.seat_names} seats={joined.seats} state={state} you={you} presence={presence} />
        <BotThinking game={joined.game} names={joined.seat_names} seats={joined.seats} state={state} />
        {you === 'spectator' && <span class="tag">{t('match.watching')}</span>}
        <span class={`conn conn-${status}`} role="status">
          {t(`match.status_${status}`)}
        </span>
        {pending && (
          <span class="pending" data-testid="pending" role="status">
            {status === 'open' ? t('match.pending') : t('match.pending_offline')}
          </span>
        )}
        {you !== 'spectator' && <AlertControls />}
      </div>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <InvitePanel id={id} game={gameName(joined.game)} seatNames={joined.seat_names} presence={presence} where="top" />
      <div class="match-body">
        <div class="board-area">
          <module.Board {...props} />
        </div>
        <aside class="side">
          <FirstGameGuide game={joined.game} playing={you !== 'spectator' && !state.over} />
          <InvitePanel id={id} game={gameName(joined.game)} seatNames={joined.seat_names} presence={presence} where="side" />
          {module.Panel && <module.Panel {...props} />}
          {state.over && <GameOver game={joined.game} hidden={Boolean(info?.hidden_information)} names={joined.seat_names} state={state} matchId={id} />}
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
