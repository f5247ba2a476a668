// The play: the piece picked and its legal destinations, the rescue of a piece (Stratego's
// Rescue rule), the draw claimed (Espionage), and what a click on a square does.
import { useEffect, useMemo, useState } from 'preact/hooks';
import type { BoardProps } from '../types';
import type { ArmyView } from './model';
import { type GameConfig, legalMoves, legalPlacements } from './model';

export type Play = ReturnType<typeof usePlay>;

export function usePlay(cfg: GameConfig, props: BoardProps<ArmyView>) {
  const state = props.state;
  const view = state?.view ?? {};
  const [sel, setSel] = useState<number | null>(null);
  const [rescueRank, setRescueRank] = useState<string | null>(null);

  // A new state ends any half-made choice.
  useEffect(() => {
    setSel(null);
    setRescueRank(null);
  }, [state]);

  const legal = state?.legal ?? [];
  const rescueOffered = 'rescue_offered' in view && view.rescue_offered;
  const moves = useMemo(() => legalMoves(cfg, legal), [legal, cfg]);
  const rescues = useMemo(() => (rescueOffered ? legalPlacements(cfg, legal, true) : []), [legal, rescueOffered, cfg]);
  const noRescue = legal.find((l) => l.facts.kind === 'no_rescue');
  const claimDraw = legal.find((l) => l.facts.kind === 'claim_draw');

  // The move from `from` to `to`, sent if legal; true when sent.
  function moveTo(from: number, to: number): boolean {
    const m = moves.find((x) => x.from === from && x.to === to);
    if (!m) return false;
    props.act({ actions: [m.id] });
    setSel(null);
    return true;
  }

  function click(sq: number) {
    if (rescueRank) {
      const r = rescues.find((x) => x.rank === rescueRank && x.sq === sq);
      if (r) props.act({ actions: [r.id] });
      setRescueRank(null);
      return;
    }
    if (!props.interactive) return;
    if (sel !== null && moveTo(sel, sq)) return;
    if (moves.some((x) => x.from === sq)) setSel(sq === sel ? null : sq);
    else setSel(null);
  }

  return {
    sel,
    setSel,
    rescueRank,
    setRescueRank,
    moves,
    rescues,
    noRescue,
    claimDraw,
    moveTo,
    click,
    // The selected piece's destinations, and the squares the chosen rank may be rescued to.
    targets: sel !== null ? moves.filter((m) => m.from === sel) : [],
    rescueTargets: rescueRank ? rescues.filter((r) => r.rank === rescueRank).map((r) => r.sq) : [],
  };
}
