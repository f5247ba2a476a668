// The combats the viewer has seen, newest last: what the overlay on the board and the "Last combat"
// panel show. A move step of the last event with its `combat` (as the viewer learnt it: a rank the
// viewer did not see stays unseen) is one combat; the bot's reply comes as an event of its own a
// moment later, so each component keeps the combats it has seen instead of only the last event's.
// Where the page opens on a combat (no steps yet), the view's last move tells it.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { BoardProps } from '../types';
import type { ArmyView, Cell, Combat, GameConfig } from './model';
import { isPiece, parseSq } from './model';

export interface SeenCombat extends Combat {
  key: string; // the same combat seen again (a draft, then its event) has the same key
  seq: number; // the order it was seen in
}

const KEEP = 6;

// The seat that moved in the event: the seat to move before it (a rescue or an Espionage turn's
// second move leaves it to move), else worked out from the board after it.
function moverOf(before: ArmyView | null, view: ArmyView, board: Cell[], to: number, result: Combat['result']): number {
  if (before && typeof before.to_move === 'number' && before.phase === 'play') return before.to_move;
  const there = board[to];
  if (isPiece(there) && result !== 'both') return result === 'attacker' ? there.owner : 1 - there.owner;
  const stays = ('rescue_offered' in view && view.rescue_offered) || ('mid_turn' in view && view.mid_turn);
  if (typeof view.to_move === 'number') return stays ? view.to_move : 1 - view.to_move;
  return 0;
}

// The combats among an event's steps.
function combatsOf(cfg: GameConfig, props: BoardProps<ArmyView>, before: ArmyView | null, board: Cell[]): Omit<SeenCombat, 'seq'>[] {
  const view = props.state?.view;
  if (!view) return [];
  const out: Omit<SeenCombat, 'seq'>[] = [];
  for (const step of props.lastSteps ?? []) {
    if (step.kind !== 'move' || !('combat' in step) || !step.combat) continue;
    const c = step.combat;
    const to = parseSq(cfg, step.to);
    const mover = moverOf(before, view, board, to, c.result);
    out.push({
      key: `${step.from}-${step.to}-${c.attacker ?? '?'}-${c.defender ?? '?'}-${c.result}`,
      attacker: { owner: mover, rank: c.attacker ?? '?' },
      defender: { owner: 1 - mover, rank: c.defender ?? '?' },
      result: c.result,
      square: step.to,
    });
  }
  return out;
}

// The combat the view's last move tells (the page opened after it): as the board's line words it.
function fromView(cfg: GameConfig, view: ArmyView, board: Cell[]): Omit<SeenCombat, 'seq'> | null {
  const lm = view.last_move;
  if (!lm) return null;
  const c = cfg.combat(view, board, parseSq(cfg, lm.to));
  if (!c) return null;
  return { ...c, key: `${lm.from}-${lm.to}-${c.attacker.rank}-${c.defender.rank}-${c.result}` };
}

// The combats seen so far (the last few), and those new since the previous render.
export function useCombats(cfg: GameConfig, props: BoardProps<ArmyView>, board: Cell[], before: ArmyView | null) {
  const seen = useRef<{ steps: unknown; list: SeenCombat[]; seq: number; fresh: SeenCombat[] }>({ steps: undefined, list: [], seq: 0, fresh: [] });
  const cur = seen.current;
  if (cur.steps !== props.lastSteps) {
    const first = cur.steps === undefined;
    cur.steps = props.lastSteps;
    cur.fresh = [];
    let found = combatsOf(cfg, props, before, board);
    if (first && found.length === 0 && props.state?.view) {
      const v = fromView(cfg, props.state.view, board);
      if (v) found = [v];
    }
    for (const c of found) {
      // A combat already seen (an Espionage turn's first move, shown as a draft, then in its event).
      if (cur.list.slice(-3).some((x) => x.key === c.key)) continue;
      const entry = { ...c, seq: ++cur.seq };
      cur.list = [...cur.list, entry].slice(-KEEP);
      if (!first) cur.fresh.push(entry);
    }
  }
  return { list: cur.list, last: cur.list[cur.list.length - 1] ?? null, fresh: cur.fresh };
}

export const POP_MS = 2500;
// While the viewer waits for the reply to its combat the combat stays (up to MAX_MS); a reply that
// comes while one shows leaves it AFTER_REPLY_MS more to be read (up to MAX_MS in all).
const AFTER_REPLY_MS = 1800, MAX_MS = 5000;

// The combat shown over the board: each new combat for POP_MS, one after the other when two come
// quickly (the viewer's attack, then the bot's at once); at most three wait. `event` changes with
// each event (its steps); `waiting`: the viewer waits for the other side.
export function useCombatPop(fresh: SeenCombat[], event: unknown, waiting: boolean): SeenCombat | null {
  const [queue, setQueue] = useState<SeenCombat[]>([]);
  const shown = useRef<{ seq: number; at: number; end: number; replied: boolean } | null>(null);
  const [, bump] = useState(0);
  useEffect(() => {
    if (fresh.length) setQueue((q) => [...q, ...fresh.filter((c) => !q.some((x) => x.seq === c.seq))].slice(-3));
  }, [fresh]);
  const head = queue[0] ?? null;
  // A later event while the head shows (the reply): it stays a while after it.
  useEffect(() => {
    const u = shown.current;
    if (!head || !u || u.seq !== head.seq || fresh.some((c) => c.seq === head.seq)) return;
    u.end = Math.min(u.at + MAX_MS, Math.max(u.at + POP_MS, Date.now() + AFTER_REPLY_MS));
    u.replied = true;
    bump((n) => n + 1);
  }, [event]);
  if (head && (!shown.current || shown.current.seq !== head.seq)) {
    const now = Date.now();
    shown.current = { seq: head.seq, at: now, end: now + POP_MS, replied: false };
  }
  const u = shown.current;
  const deadline = !head || !u ? 0 : waiting && !u.replied ? Math.max(u.end, u.at + MAX_MS) : u.end;
  useEffect(() => {
    if (!head) return;
    const timer = setTimeout(() => setQueue((q) => q.filter((c) => c.seq !== head.seq)), Math.max(0, deadline - Date.now()));
    return () => clearTimeout(timer);
  }, [head?.seq, deadline]);
  return head;
}
