// The setup: the viewer's draft of its army (placed on its own in the browser, sent as one
// command), what a click, a drop, a preset or a random fill does to it, and sending it.
import { useMemo, useState } from 'preact/hooks';
import type { BoardProps } from '../types';
import type { ArmyView } from './model';
import type { DragInfo, DropTarget } from './drag';
import { type Cell, type GameConfig, countRanks, homeSquares, isHome, isPiece, legalPlacements, presetFor, randomFill, setupString } from './model';

// What is picked for a tap-tap placement: a rank from the tray, or a drafted piece on its square.
export type Pick = { kind: 'tray'; rank: string } | { kind: 'sq'; sq: number } | null;

export function setupDone(view: ArmyView, seat: number): boolean {
  if (view.game === 'stratego') return view.setup_done[seat];
  return view.setup[seat] === 'done' || view.phase === 'play' || view.phase === 'over' || view.phase === 'lot';
}

export type Setup = ReturnType<typeof useSetup>;

export function useSetup(cfg: GameConfig, props: BoardProps<ArmyView>, seat: number | null, board: Cell[]) {
  const state = props.state;
  const view = state?.view ?? {};
  const phase: string = view.phase ?? 'setup';
  const [pick, setPick] = useState<Pick>(null);
  const [draft, setDraft] = useState<Map<number, string>>(new Map());

  const setupPhase = phase === 'setup' || phase === 'volcanoes';
  const mine = seat !== null && setupPhase && !setupDone(view, seat);
  const editable = mine && props.interactive;
  const canConfirm = editable && !!state?.your_turn && phase === 'setup';
  const toPlace: string = seat !== null ? (view.to_place?.[seat]?.pieces ?? cfg.army(props.options ?? {})) : '';
  const locked = useMemo(() => {
    const s = new Set<number>();
    if (seat !== null) board.forEach((c, i) => isPiece(c) && c.owner === seat && s.add(i));
    return s;
  }, [board, seat]);
  // The draft as it stands against the server's board: squares now taken and ranks used up drop out.
  const { eff, remaining } = useMemo(() => {
    const left = countRanks(toPlace);
    const eff = new Map<number, string>();
    if (seat !== null) {
      for (const [sq, r] of draft) {
        if (board[sq] !== null || !isHome(cfg, seat, sq) || !(left[r] > 0)) continue;
        left[r]--;
        eff.set(sq, r);
      }
    }
    return { eff, remaining: left };
  }, [draft, toPlace, board, seat, cfg]);
  const leftCount = Object.values(remaining).reduce((a, b) => a + b, 0);
  // The presets offered for this army, while nothing is placed yet by the move box.
  const armyName = String(props.options?.army ?? 'classic');
  const presets = locked.size > 0 ? [] : cfg.presets.filter((x) => x.army === armyName);

  function drop(info: DragInfo, target: DropTarget) {
    if (seat === null) return;
    const next = new Map(eff);
    if (target === 'tray') {
      if (info.from === 'sq') next.delete(info.sq);
      setDraft(next);
      setPick(null);
      return;
    }
    if (target === null || !isHome(cfg, seat, target) || board[target] !== null) return;
    if (info.from === 'tray') {
      next.set(target, info.rank);
    } else if (info.sq !== target) {
      const other = next.get(target);
      next.set(target, info.rank);
      if (other) next.set(info.sq, other);
      else next.delete(info.sq);
    }
    setDraft(next);
    setPick(null);
  }

  // The picked drafted piece, back to the tray.
  const unplacePicked = () => pick?.kind === 'sq' && drop({ from: 'sq', sq: pick.sq, rank: eff.get(pick.sq) ?? '' }, 'tray');

  function click(sq: number) {
    if (seat === null || !isHome(cfg, seat, sq) || board[sq] !== null) {
      setPick(null);
      return;
    }
    const here = eff.get(sq);
    if (pick?.kind === 'tray') {
      if (!(remaining[pick.rank] > 0) && here !== pick.rank) return setPick(null);
      const next = new Map(eff);
      next.set(sq, pick.rank);
      setDraft(next);
      if ((remaining[pick.rank] ?? 0) - (here === pick.rank ? 0 : 1) <= 0) setPick(null);
      return;
    }
    if (pick?.kind === 'sq') {
      if (pick.sq !== sq) drop({ from: 'sq', sq: pick.sq, rank: eff.get(pick.sq) ?? '' }, sq);
      setPick(null);
      return;
    }
    if (here) setPick({ kind: 'sq', sq });
  }

  function confirm() {
    if (seat === null || !canConfirm || leftCount > 0) return;
    if (locked.size === 0) {
      props.act({ turn: setupString(cfg, seat, eff) });
      return;
    }
    // Part of the army is already placed (typed in the move box): the rest as one list of actions.
    const placements = legalPlacements(cfg, state?.legal ?? [], false);
    const ids: number[] = [];
    for (const [sq, r] of eff) {
      const p = placements.find((x) => x.sq === sq && x.rank === r);
      if (p) ids.push(p.id);
    }
    if (ids.length) props.act({ actions: ids });
  }

  const replace = (next: Map<number, string>) => {
    setDraft(next);
    setPick(null);
  };
  return {
    setupPhase,
    mine,
    editable,
    canConfirm,
    eff,
    remaining,
    leftCount,
    presets,
    pick,
    drop,
    click,
    confirm,
    pickRank: (rank: string) => setPick(pick?.kind === 'tray' && pick.rank === rank ? null : { kind: 'tray', rank }),
    trayClick: unplacePicked,
    remove: unplacePicked,
    preset: (red: string) => {
      const s = presetFor(cfg, red, seat!);
      const next = new Map<number, string>();
      homeSquares(cfg, seat!).forEach((sq, k) => s[k] !== '.' && next.set(sq, s[k]));
      replace(next);
    },
    random: () => {
      let rest = '';
      for (const r of Object.keys(remaining)) rest += r.repeat(remaining[r]);
      replace(randomFill(cfg, seat!, eff, rest, (sq) => board[sq] !== null));
    },
    clear: () => replace(new Map()),
  };
}
