// The parts of the match page every game shares: who plays and whose turn it is, the move list,
// the move box (type a move as in the terminal), the game-over panel.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { boardFor } from '../boards';
import { BOT_LEVELS, seatColour, seatName, useGameInfo } from '../games';
import { lang, t } from '../i18n';
import type { MatchState, Move, MoveLine, Presence, Viewer } from '../types';
import type { ComponentChildren } from 'preact';
import { isMove } from '../api';
import { endingWords } from './ending';
import { presenceLabel } from './invite';

// "bot:mcts:turn_ms=1500" as the level the new-game page offered it.
export function botLabel(spec: string) {
  const bot = spec.replace(/^bot:/, '');
  const level = BOT_LEVELS.find((l) => l.spec === bot);
  return level ? t(level.short) : `${t('seat.bot')} ${bot}`;
}

// `chance`: whether the game has chance at all (the start of a game without it is no draw).
export function seatLabel(names: string[], by: MoveLine['by'], chance = true) {
  if (by === 'chance') return chance ? t('match.chance') : '';
  if (by === null || by === undefined) return '';
  return names[by] !== undefined ? seatName(names[by]) : String(by);
}

export function SeatBar({ game, names, seats, state, you, presence = [] }: { game: string; names: string[]; seats: string[]; state: MatchState; you: Viewer; presence?: Presence }) {
  return (
    <ul class="seat-bar">
      {names.map((name, seat) => {
        const kind = seats[seat] ?? '';
        const toAct = !state.over && state.to_act === seat;
        return (
          <li key={seat} class={toAct ? 'to-act' : ''} data-seat={seat} aria-current={toAct ? 'true' : undefined}>
            <span class="swatch" style={{ background: seatColour(game, seat) }} />
            <span>{seatName(name)}</span>
            <span class="muted small">
              {seat === you ? t('seat.you') : kind === 'person' ? t('seat.person') : botLabel(kind)}
            </span>
            {seat !== you && presenceLabel(presence, seat) && (
              <span class={`presence presence-${presence[seat]}`} data-testid="presence">
                {presenceLabel(presence, seat)}
              </span>
            )}
            {state.over && state.result && <span class={`result result-${state.result[seat]}`}>{t(`result.${state.result[seat]}`)}</span>}
          </li>
        );
      })}
      {!state.over && (
        <li class="turn" data-testid="turn">
          {state.your_turn
            ? t('match.your_turn')
            : state.to_act === 'chance'
              ? t('match.chance_turn')
              : typeof state.to_act === 'number'
                ? t('match.their_turn', { name: seatName(names[state.to_act]) })
                : t('match.waiting')}
        </li>
      )}
    </ul>
  );
}

export function MoveList({ game, names, lines, current, onPick }: { game: string; names: string[]; lines: MoveLine[]; current?: number; onPick?: (event: number) => void }) {
  // Each line worded once for the language, not on every render (a replay steps through thousands).
  const language = lang.value;
  const texts = useMemo(() => {
    const words = boardFor(game).words;
    return lines.map((line) => words(line.steps, { seatNames: names }));
  }, [game, names, lines, language]);
  const info = useGameInfo(game);
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const el = list.current;
    if (!el) return;
    const active = el.querySelector('.current') as HTMLElement | null;
    if (active) active.scrollIntoView({ block: 'nearest' });
    else el.scrollTop = el.scrollHeight;
  }, [lines.length, current]);
  return (
    <div class="move-list">
      <h3>
        {t('match.moves')}
        {lines.length > 0 && <span data-testid="move-count">{` · ${lines[lines.length - 1].moves ?? ''}`}</span>}
      </h3>
      {/* Focusable, so that a keyboard can scroll it (axe: scrollable-region-focusable). */}
      <ol ref={list} data-testid="move-list" tabIndex={0} aria-label={t('match.moves')}>
        {lines.map((line, k) => (
          <li
            key={line.event}
            class={line.event === current ? 'current' : ''}
            onClick={onPick ? () => onPick(line.event) : undefined}
            data-ply={line.event}
          >
            <span class="num">{isMove(line) ? line.moves : ''}</span>
            <span class="by">{seatLabel(names, line.by, info?.has_chance !== false)}</span>
            <span class="text">
              {texts[k].map((part, i) => (
                <span class="part" key={i}>
                  {part.trim()}
                </span>
              ))}
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}

// Type a move as in the terminal ("b4-b5", "place 3 brasil"), with the legal ones suggested.
export function MoveBox({ state, act }: { state: MatchState; act: (move: Move) => void }) {
  const [text, setText] = useState('');
  if (!state.your_turn) return null;
  return (
    <form
      class="move-box"
      onSubmit={(e) => {
        e.preventDefault();
        if (!text.trim()) return;
        act({ turn: text.trim() });
        setText('');
      }}
    >
      <label for="move-input">{t('match.type_move')}</label>
      <div class="row">
        <input id="move-input" list="legal-moves" value={text} onInput={(e) => setText((e.target as HTMLInputElement).value)} autocomplete="off" />
        <button type="submit">{t('match.play')}</button>
      </div>
      <datalist id="legal-moves">
        {state.legal.slice(0, 300).map((l) => (
          <option value={l.text} key={l.id} />
        ))}
      </datalist>
    </form>
  );
}

// `hidden`: a hidden-information game, whose ending reveals everything.
export function GameOver({ game, hidden, names: raw, state, matchId, children }: { game: string; hidden: boolean; names: string[]; state: MatchState; matchId: string; children?: ComponentChildren }) {
  const names = raw.map(seatName);
  const result = state.result ?? [];
  const winners = names.filter((_, i) => result[i] === 'win');
  return (
    <section class="game-over" data-testid="game-over" role="status">
      <h2>{t('over.title')}</h2>
      <p class="big">
        {winners.length === 1
          ? t('over.winner', { name: winners[0] })
          : winners.length > 1
            ? t('over.winners', { names: winners.join(', ') })
            : t('over.draw')}
      </p>
      {endingWords(game, state, raw) && (
        <p class="ending" data-testid="ending">
          {endingWords(game, state, raw)}
        </p>
      )}
      <ul>
        {names.map((n, i) => (
          <li key={i}>
            {n}: {t(`result.${result[i] ?? 'draw'}`)}
          </li>
        ))}
      </ul>
      {hidden && <p class="muted small">{t('over.revealed')}</p>}
      <a class="button" href={`/replay/${matchId}`}>
        {t('over.replay')}
      </a>
      {children}
    </section>
  );
}
