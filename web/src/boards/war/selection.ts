// The board's state: the legal commands the map offers, the territory picked and its target, the
// count of armies, a transport carried army by army; and what a click on a territory does.
import { useEffect, useMemo, useState } from 'preact/hooks';
import type { BoardProps } from '../types';
import type { WarView } from '../../types';
import { colours, CONTINENT_OF, legalActs, type Act } from './legal';
import { useOdds } from './odds';
import { territoryMap } from './war-map';

export type Selection = ReturnType<typeof useSelection>;

export function useSelection(props: BoardProps<WarView>) {
  const { state, interactive, act } = props;
  const view = state.view ?? {};
  const territories = useMemo(() => territoryMap(view), [view]);
  const acts = useMemo(() => (interactive && state.your_turn ? legalActs(state.legal, colours(view)) : []), [state, interactive]);
  const [sel, setSel] = useState<string | null>(null);
  const [tgt, setTgt] = useState<string | null>(null);
  const [count, setCount] = useState(1);

  const byKind = (k: Act['kind']) => acts.filter((a) => a.kind === k);
  const pairActs = acts.filter((a) => a.kind === 'attack' || a.kind === 'move' || a.kind === 'carry' || a.kind === 'airlift');
  const singles = acts.filter((a) => a.kind === 'place' || a.kind === 'claim' || a.kind === 'air');

  // A selection the legal list no longer offers is dropped.
  useEffect(() => {
    if (sel && !pairActs.some((a) => a.a === sel)) {
      setSel(null);
      setTgt(null);
    } else if (sel && tgt && !pairActs.some((a) => a.a === sel && a.b === tgt)) setTgt(null);
    else if (!sel && tgt && !acts.some((a) => a.kind === 'air' && a.a === tgt)) setTgt(null);
  }, [state]);

  // "Carry all" (a card transport): one army at a time, for as long as the engine offers the step.
  // The view does not say how many may still move during a transport; the legal list does, one
  // army at a time.
  const [carryAll, setCarryAll] = useState<{ a: string; b: string } | null>(null);
  useEffect(() => {
    if (!carryAll) return;
    const step = acts.find((x) => x.kind === 'carry' && x.a === carryAll.a && x.b === carryAll.b);
    if (step) act({ actions: [step.id] });
    else setCarryAll(null);
  }, [state, carryAll]);

  // On a narrow screen the map scrolls: keep the territory just chosen in sight.
  useEffect(() => {
    const id = tgt ?? sel;
    if (!id) return;
    const el = document.querySelector(`.war-board [data-counter="${id}"] .war-badge`);
    const box = el?.closest('.war-scroll');
    if (!el || !box || box.scrollWidth <= box.clientWidth) return;
    const r = el.getBoundingClientRect(), b = box.getBoundingClientRect();
    if (r.left < b.left + 20 || r.right > b.right - 20) box.scrollLeft += r.left - b.left - b.width / 2;
  }, [sel, tgt]);

  const from = sel ? territories[sel] : undefined;
  const to = tgt ? territories[tgt] : undefined;
  const attacks = sel && tgt ? pairActs.filter((a) => a.kind === 'attack' && a.a === sel && a.b === tgt) : [];
  const odds = useOdds(sel, tgt, attacks.length > 0, from, to);

  const sources = new Set<string>();
  const targets = new Set<string>();
  if (sel) {
    for (const a of pairActs) if (a.a === sel && a.b) targets.add(a.b);
  } else {
    for (const a of pairActs) if (a.a) sources.add(a.a);
  }
  for (const a of singles) if (a.a && !sel) targets.add(a.a);

  const toPlace = view.to_place as Record<string, number> | undefined;
  const placeCap = (id: string) => (toPlace ? (toPlace.any ?? 0) + (toPlace[CONTINENT_OF[id]] ?? 0) : 1);
  const totalToPlace = toPlace ? Object.values(toPlace).reduce((s, v) => s + v, 0) : 0;

  const send = (a: Act) => act({ actions: [a.id] });
  const onClick = (id: string) => {
    if (!acts.length) return;
    if (sel) {
      if (id === sel) {
        setSel(null);
        setTgt(null);
        return;
      }
      if (pairActs.some((a) => a.a === sel && a.b === id)) {
        setTgt(id);
        setCount(1);
        return;
      }
    }
    const place = acts.find((a) => a.kind === 'place' && a.a === id);
    if (place) {
      const n = Math.max(1, Math.min(count, placeCap(id)));
      if (n === 1) send(place);
      else act({ turn: `place ${n} ${id}` });
      return;
    }
    const claim = acts.find((a) => a.kind === 'claim' && a.a === id);
    if (claim) return send(claim);
    if (pairActs.some((a) => a.a === id)) {
      setSel(id);
      setTgt(null);
      setCount(1);
      return;
    }
    if (acts.some((a) => a.kind === 'air' && a.a === id)) {
      setSel(null);
      setTgt(id);
      return;
    }
    setSel(null);
    setTgt(null);
  };

  const moveLike = sel && tgt ? pairActs.find((a) => a.a === sel && a.b === tgt && a.kind !== 'attack') : undefined;
  return {
    territories,
    acts,
    byKind,
    pairActs,
    sel,
    setSel,
    tgt,
    setTgt,
    count,
    setCount,
    carryAll,
    setCarryAll,
    attacks,
    odds,
    sources,
    targets,
    toPlace,
    totalToPlace,
    send,
    onClick,
    moveLike,
    airHere: tgt ? acts.filter((a) => a.kind === 'air' && a.a === tgt) : [],
    // How many may go: the engine's `movable` (the movement phase's view: moves and airlifts), never
    // counted here; a transport's carries go one legal step at a time (see carryAll).
    moveMax: moveLike?.kind !== 'carry' && from?.movable !== undefined ? Math.max(1, from.movable) : 1,
  };
}
