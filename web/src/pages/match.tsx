import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { eventsSoFar, holdSeat, playSeatInThisTab, seatTokenFor } from '../api';
import { navigate } from '../router';
import { boardFor } from '../boards';
import type { BoardProps } from '../boards/types';
import { MatchConnection, type DraftFrame, type EventFrame, type Joined, type Status } from '../connection';
import { gameName, useGameInfo } from '../games';
import { t } from '../i18n';
import type { Fact, MatchState, Move, MoveLine, Presence, Viewer } from '../types';
import { MatchActions, MatchLinks, Rematch } from './match-actions';
import { GameOver, MoveBox, MoveList, SeatBar } from './match-parts';
import { InvitePanel } from './invite';
import { AlertControls, useTurnAlerts } from './turn-alerts';
import { RulesButton } from './rules-drawer';
import { FirstGameGuide } from './first-game-guide';
import { BotThinking } from './bot-thinking';
import { Clocks } from './clocks';
import { ChatPanel, type ChatLine } from './chat';

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
  // The table's talk and the match's end (lobby helper): chat lines, the chat's refusal, the seat
  // that offered a rematch, whether this seat may claim the win (the presence frame says so too).
  const [chat, setChat] = useState<ChatLine[]>([]);
  const [chatError, setChatError] = useState('');
  const [rematchBy, setRematchBy] = useState<number | null>(null);
  const [claimable, setClaimable] = useState<boolean[] | null>(null);

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
        if (e.id?.startsWith('chat')) {
          setChatError(e.code === 'rate_limited' ? t('chat.rate_limited') : t('chat.refused', { message: e.message }));
          return;
        }
        setError(e.code === 'offline' ? t('match.offline') : t(`error.${e.code}`, { message: e.message }));
      },
      status: setStatus,
      presence(p, claim) {
        setPresence(p);
        setClaimable(claim ?? null);
      },
      pending: setPending,
      other(frame: any) {
        if (frame.type === 'chat') {
          setChatError('');
          setChat((old) => (old.some((l) => l.n === frame.n) ? old : [...old, frame as ChatLine].slice(-100)));
        } else if (frame.type === 'rematch_offer') {
          setRematchBy(frame.seat);
        } else if (frame.type === 'match_ready' && typeof frame.token === 'string') {
          // The rematch is made: its seat is this browser's, played in this tab.
          holdSeat({ match: frame.match, game: '', seat: frame.seat, token: frame.token, role: 'play' });
          playSeatInThisTab(frame.match, frame.token);
          navigate(`/match/${frame.match}`);
        }
      },
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
  const persons = joined.seats.filter((s) => s === 'person').length;
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
      <Clocks state={state} names={joined.seat_names} game={joined.game} you={you} />
      {typeof you === 'number' && !state.over && (state.claimable === true || claimable?.[you] === true) && (
        <p class="claim-bar" role="status">
          {t('match.claim_note')}{' '}
          <button class="primary" data-testid="claim-win" onClick={() => connection.current?.tableMessage('claim_win', `claim-${Date.now()}`)}>
            {t('match.claim_win')}
          </button>
        </p>
      )}
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
          {state.over && (
            <GameOver game={joined.game} hidden={Boolean(info?.hidden_information)} names={joined.seat_names} state={state} matchId={id}>
              {persons === 2 && joined.seats.length === 2 && typeof you === 'number' && (
                <Rematch you={you} seatNames={joined.seat_names} offeredBy={rematchBy} connection={connection} />
              )}
            </GameOver>
          )}
          <MoveList game={joined.game} names={joined.seat_names} lines={moves} />
          {props.interactive && <MoveBox state={state} act={act} />}
          <MatchActions
            state={state}
            you={you}
            seats={joined.seats.length}
            seatNames={joined.seat_names}
            drawByAgreement={!!info?.draw_by_agreement}
            connection={connection}
          />
          {persons >= 2 && you !== 'spectator' && (
            <ChatPanel
              match={id}
              game={joined.game}
              lines={chat}
              names={joined.seat_names}
              you={you}
              error={chatError}
              send={(text) => {
                const sent = Boolean(connection.current?.tableMessage('chat', `chat-${Date.now()}`, { text }));
                setChatError(sent ? '' : t('match.offline'));
                return sent;
              }}
            />
          )}
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
