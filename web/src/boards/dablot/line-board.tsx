// What the two line boards (Dablot and Conspiradores) share beyond points.ts: picking a piece and
// one of its targets among the legal moves, what a point's name says besides its piece, the bar
// under the board (the hint, Stop and Cancel) and the last move drawn as arrows. The keyboard is
// ../keyboard.ts.
import type { ComponentChildren } from 'preact';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { seatName } from '../../games';
import { t } from '../../i18n';
import type { MatchState, Move } from '../../types';
import { legalMoves, type ParsedLegal } from './points';

export interface LinePick {
  canAct: boolean;
  legal: ParsedLegal;
  // The piece whose targets are shown: the one a chain of captures or jumps goes on with, else
  // the one picked (while it can still move).
  selected: string | null;
  // Point -> action id: the selected piece's moves, or the placements while none is selected.
  targets: Map<string, number>;
  chain: boolean;
  pending: boolean;  // an action was sent and its answer has not come
  send: (id: number) => void;
  click: (point: string) => void;
  unpick: () => void;
}

// `chainAt`: the point a chain goes on from (the view's), or null.
export function useLinePick(state: MatchState, interactive: boolean, act: (move: Move) => void, chainAt: string | null): LinePick {
  const canAct = interactive && !!state.your_turn;
  const legal = useMemo(() => legalMoves(canAct ? state.legal : []), [state.legal, canAct]);
  const [picked, setPicked] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  useEffect(() => {
    setPicked(null);
    setPending(false);
  }, [state]);

  const selected = chainAt ?? (picked && legal.moves.has(picked) ? picked : null);
  const targets = selected ? legal.moves.get(selected) ?? new Map<string, number>() : legal.places;

  const send = (id: number) => {
    if (pending) return;
    setPending(true);
    act({ actions: [id] });
  };
  const click = (at: string) => {
    if (!canAct || pending) return;
    const target = targets.get(at);
    if (target !== undefined) return send(target);
    if (chainAt) return;
    if (legal.moves.has(at)) setPicked(at === picked ? null : at);
    else setPicked(null);
  };
  const unpick = () => setPicked(null);
  return { canAct, legal, selected, targets, chain: chainAt !== null, pending, send, click, unpick };
}

// What a point's name says after its piece: picked, may move, may be moved to ("", else ", ...").
export function pointState(pick: LinePick, id: string): string {
  if (id === pick.selected) return `, ${t('a11y.picked')}`;
  if (pick.targets.has(id)) return `, ${t(pick.selected || pick.chain ? 'a11y.move_here' : 'a11y.place_here')}`;
  if (pick.canAct && !pick.chain && !pick.selected && pick.legal.moves.has(id)) return `, ${t('a11y.can_move')}`;
  return '';
}

// The hint's texts, each board's own.
export interface HintTexts {
  sent: string;
  place?: string;  // a placement turn (Conspiradores)
  chain: string;
  target: string;
  pick: string;
  wait: (name: string) => string;  // the seat's name in the interface's language (games.seatName)
}

// What the bar under the board says: the viewer's step in its own turn, or whom it waits for.
export function lineHint(state: MatchState, interactive: boolean, pick: LinePick, seatNames: string[], texts: HintTexts, placing = false): string {
  if (pick.canAct) {
    if (pick.pending) return texts.sent;
    if (placing && texts.place) return texts.place;
    if (pick.chain) return texts.chain;
    if (pick.selected) return texts.target;
    return texts.pick;
  }
  if (!state.over && interactive && typeof state.to_act === 'number') return texts.wait(seatName(seatNames[state.to_act] ?? ''));
  return '';
}

// The bar under the board: the hint, Stop (a chain may end here) and Cancel (drop the picked piece).
export function BoardBar({ hint, pick, stop, cancel, children }: { hint: string; pick: LinePick; stop: string; cancel: string; children?: ComponentChildren }) {
  const { canAct, legal, pending, chain, selected } = pick;
  return (
    <div class="board-bar">
      <span class="hint" aria-live="polite">
        {hint}
      </span>
      {canAct && legal.stop !== null && (
        <button class="primary" data-testid="stop" disabled={pending} onClick={() => pick.send(legal.stop!)}>
          {stop}
        </button>
      )}
      {canAct && !chain && selected && (
        <button data-testid="cancel" onClick={pick.unpick}>
          {cancel}
        </button>
      )}
      {children}
    </div>
  );
}

// The arrow head of the last move's lines (in the <svg>'s <defs>).
export function ArrowMarker({ id }: { id: string }) {
  return (
    <defs>
      <marker id={id} viewBox="0 0 10 10" refX="8" refY="5" markerWidth="4" markerHeight="4" orient="auto-start-reverse">
        <path d="M0,0L10,5L0,10Z" class="arrow-head" />
      </marker>
    </defs>
  );
}

// The last move: a line per step or jump, each ending `cut` short of its point with the arrow head,
// a dashed ring where it started, then the board's own marks (`children`).
export function LastMoveLayer({
  segments,
  at,
  cut,
  marker,
  from,
  fromR,
  children,
}: {
  segments: [string, string][];
  at: (point: string) => { x: number; y: number };
  cut: number;
  marker: string;
  from: string | null;
  fromR: number;
  children?: ComponentChildren;
}) {
  return (
    <g class="last-move-layer">
      {segments.map(([a, b], i) => {
        if (a === b) return null;  // a placement: no line
        const p = at(a);
        const q = at(b);
        const len = Math.hypot(q.x - p.x, q.y - p.y) || 1;
        return (
          <line
            key={i}
            class="last-path"
            x1={p.x}
            y1={p.y}
            x2={q.x - ((q.x - p.x) / len) * cut}
            y2={q.y - ((q.y - p.y) / len) * cut}
            marker-end={`url(#${marker})`}
          />
        );
      })}
      {from && <circle class="last-from" cx={at(from).x} cy={at(from).y} r={fromR} />}
      {children}
    </g>
  );
}
