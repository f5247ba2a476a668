// The WAR / WAR-II board: the world map, the armies, and every click a turn needs.
import { useEffect, useMemo, useState } from 'preact/hooks';
import { t } from '../../i18n';
import type { BoardProps } from '../types';
import type { Fact } from '../../types';
import { Badge, colourOf, PatternDefs } from './colours';
import { mapShapes } from './geo';
import { centresOf, colours, CONTINENT_OF, lastAir, lastRoll, legalActs, NAME, type Act } from './legal';
import { LINKS, TERRITORIES } from './map';
import './war.css';

interface TerritoryView {
  id: string;
  owner: string | null;
  armies: number;
  movable?: number;
  strategic_centre?: boolean;
}

type Pt = [number, number];

// Odds of pressing an attack, from the server (GET /api/odds), remembered.
const oddsCache = new Map<string, Promise<any>>();
function fetchOdds(attackers: number, defenders: number): Promise<any> {
  const key = `${attackers}/${defenders}`;
  let p = oddsCache.get(key);
  if (!p) {
    p = fetch(`/api/odds?attackers=${attackers}&defenders=${defenders}`)
      .then((r) => (r.ok ? r.json() : null))
      .catch(() => null);
    oddsCache.set(key, p);
  }
  return p;
}

function Die({ value, kind }: { value: number; kind: 'attack' | 'defence' }) {
  return (
    <span class={`war-die war-die-${kind}`} aria-label={String(value)}>
      {value}
    </span>
  );
}

export function Dice({ steps }: { steps: Fact[] }) {
  const roll = lastRoll(steps);
  const air = lastAir(steps);
  if (!roll && !air) return null;
  return (
    <div class="war-dice" data-testid="war-dice">
      {roll && (
        <span class="war-roll">
          <span class="war-roll-where">
            {NAME[roll.from] ?? roll.from} → {NAME[roll.to] ?? roll.to}
          </span>
          <span class="war-dice-row">
            {roll.attack.map((v, i) => <Die key={`a${i}`} value={v} kind="attack" />)}
            <span class="war-vs">{t('war.vs')}</span>
            {roll.defence.map((v, i) => <Die key={`d${i}`} value={v} kind="defence" />)}
          </span>
          <span class="war-roll-result">
            {t('war.roll_result', { lost: roll.lost, destroyed: roll.destroyed })}
            {roll.conquered && <strong> {t('war.conquered')}</strong>}
          </span>
        </span>
      )}
      {air && (
        <span class="war-roll">
          <span class="war-roll-where">✈ {NAME[air.target] ?? air.target}</span>
          {air.rounds.map((r, i) => (
            <span key={i} class="war-air-round">
              {t('war.air_round', { shot: r.shot, destroyed: r.destroyed })}
            </span>
          ))}
        </span>
      )}
    </div>
  );
}

// The map alone: territories, links and counters. Used by the board and (bare) by the preview.
export function WarMap(props: {
  territories: Record<string, TerritoryView>;
  war2: boolean;
  selected?: string | null;
  targets?: Set<string>;
  sources?: Set<string>;
  lastFrom?: string;
  lastTo?: string;
  onClick?: (id: string) => void;
  names?: boolean;
  small?: boolean;
  // Information Centres (WAR-II, spy_centre): where each stands, whose, and who keeps it.
  centres?: { at: string; owner: string; keeper: string | null }[];
}) {
  const shapes = mapShapes();
  const { territories, selected, targets, sources, onClick } = props;
  const L = shapes.label;
  const seaLink = (a: string, b: string) => {
    const p = L[a], q = L[b];
    if (Math.abs(p[0] - q[0]) > shapes.width / 2) {
      // Alasca–Vladivostok: across the map's edge
      const [w, e] = p[0] < q[0] ? [p, q] : [q, p];
      return `M${w[0]},${w[1]}L0,${(w[1] + e[1]) / 2}M${e[0]},${e[1]}L${shapes.width},${(w[1] + e[1]) / 2}`;
    }
    return `M${p[0]},${p[1]}L${q[0]},${q[1]}`;
  };
  return (
    <svg
      class={`war-map${props.small ? ' war-map-small' : ''}`}
      viewBox={`0 0 ${shapes.width} ${shapes.height}`}
      preserveAspectRatio={props.small ? 'xMidYMid slice' : undefined}
      role="img"
      aria-label={t('war.map')}
    >
      <PatternDefs />
      <rect class="war-sea" width={shapes.width} height={shapes.height} />
      <path class="war-neutral-land" d={shapes.neutral} />
      {TERRITORIES.map(({ id }) => {
        const tv = territories[id];
        const c = colourOf(tv?.owner);
        const cls = ['war-territory'];
        if (onClick && (targets?.has(id) || sources?.has(id) || selected === id)) cls.push('clickable');
        return (
          <g
            key={id}
            class={cls.join(' ')}
            data-territory={id}
            onClick={onClick ? () => onClick(id) : undefined}
            // Keyboard (lowercase tabindex: SVG attributes keep their case): Tab reaches the territories that may be clicked now, Enter or Space clicks.
            tabindex={cls.includes('clickable') ? 0 : undefined}
            role={cls.includes('clickable') ? 'button' : undefined}
            aria-label={cls.includes('clickable') ? NAME[id] : undefined}
            onKeyDown={
              onClick && cls.includes('clickable')
                ? (e: KeyboardEvent) => {
                    if (e.key === 'Enter' || e.key === ' ') {
                      e.preventDefault();
                      onClick(id);
                    }
                  }
                : undefined
            }
          >
            <title>
              {NAME[id]}
              {tv?.owner ? ` — ${tv.owner}, ${tv.armies}` : ''}
            </title>
            <path d={shapes.territories[id]} fill={c.fill} class="war-land" fill-rule="evenodd" />
            {c.pattern && <path d={shapes.territories[id]} fill={`url(#war-${c.pattern})`} class="war-pattern" fill-rule="evenodd" />}
          </g>
        );
      })}
      {['war-borders-halo', 'war-borders'].map((cls) => (
        <g key={cls} class={cls} aria-hidden="true">
          {TERRITORIES.map(({ id }) => (
            <path key={id} d={shapes.territories[id]} />
          ))}
        </g>
      ))}
      <g class="war-highlights" aria-hidden="true">
        {TERRITORIES.map(({ id }) => {
          const cls = selected === id ? 'war-selected' : targets?.has(id) ? 'war-target' : sources?.has(id) ? 'war-source' : '';
          return cls ? <path key={id} class={cls} d={shapes.territories[id]} /> : null;
        })}
      </g>
      <g class="war-links" aria-hidden="true">
        {LINKS.filter(([, , sea]) => sea).map(([a, b]) => (
          <path key={`${a}-${b}`} class="war-sea-link" d={seaLink(a, b)} />
        ))}
        {props.lastFrom && props.lastTo && L[props.lastFrom] && L[props.lastTo] && (
          <path class="war-last-attack" d={seaLink(props.lastFrom, props.lastTo)} />
        )}
      </g>
      {!props.small &&
        TERRITORIES.map(({ id, ce }) => {
          const tv = territories[id];
          const c = colourOf(tv?.owner);
          const [x, y] = L[id];
          const cls = ['war-counter'];
          if (selected === id) cls.push('war-selected');
          if (targets?.has(id)) cls.push('war-target');
          if (sources?.has(id)) cls.push('war-source');
          return (
            <g key={id} class={cls.join(' ')} data-counter={id} onClick={onClick ? () => onClick(id) : undefined}>
              {props.names !== false && (
                <text class="war-name" x={x} y={y + 17} text-anchor="middle">
                  {NAME[id]}
                </text>
              )}
              {props.war2 && ce && <circle class="war-ce" cx={x} cy={y} r={12.5} />}
              <Badge shape={c.shape} class="war-badge" x={x} y={y} r={9} fill={c.badge} filter="url(#war-shadow)" />
              {tv?.owner && (
                <text class="war-armies" x={x} y={y + 3.8} text-anchor="middle" fill={c.ink}>
                  {tv.armies}
                </text>
              )}
            </g>
          );
        })}
      {!props.small &&
        (props.centres ?? []).map(({ at, owner, keeper }, k) => {
          if (!L[at]) return null;
          const c = colourOf(owner);
          const here = (props.centres ?? []).filter((x) => x.at === at).findIndex((x) => x.owner === owner);
          const [x, y] = [L[at][0] + 9 + here * 15, L[at][1] - 15];
          return (
            <g key={`ci-${k}`} class={`war-ci${keeper ? ' war-ci-kept' : ''}`} data-ci={owner}>
              <title>{keeper ? t('war.ci_tag_kept', { who: owner, keeper }) : t('war.ci_tag', { who: owner })}</title>
              <rect x={x} y={y} width={14} height={8.5} rx={2} fill={c.badge} />
              <text x={x + 7} y={y + 6.6} text-anchor="middle" fill={c.ink}>
                CI
              </text>
            </g>
          );
        })}
    </svg>
  );
}

export function territoryMap(view: any): Record<string, TerritoryView> {
  const out: Record<string, TerritoryView> = {};
  for (const tv of (view?.territories ?? []) as TerritoryView[]) out[tv.id] = tv;
  return out;
}

export function Board(props: BoardProps) {
  const { state, interactive, act, lastSteps, game } = props;
  const view = state.view ?? {};
  const territories = useMemo(() => territoryMap(view), [view]);
  const acts = useMemo(() => (interactive && state.your_turn ? legalActs(state.legal, colours(view)) : []), [state, interactive]);
  const [sel, setSel] = useState<string | null>(null);
  const [tgt, setTgt] = useState<string | null>(null);
  const [count, setCount] = useState(1);
  const [odds, setOdds] = useState<any>(null);

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
  useEffect(() => {
    setOdds(null);
    if (!attacks.length || !from || !to) return;
    let live = true;
    fetchOdds(from.armies, to.armies).then((o) => live && setOdds(o));
    return () => {
      live = false;
    };
  }, [sel, tgt, from?.armies, to?.armies]);

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

  const roll = lastRoll(lastSteps);
  // The line of the last attack: the roll's, or the attack under way (its dice not yet rolled).
  const lastFrom = roll?.from || view.attack?.from;
  const lastTo = roll?.to || view.attack?.to;
  const ends = [...byKind('end'), ...byKind('done')];
  const occupy = byKind('occupy');
  const adds = byKind('add');
  const airHere = tgt ? acts.filter((a) => a.kind === 'air' && a.a === tgt) : [];
  const moveLike = sel && tgt ? pairActs.find((a) => a.a === sel && a.b === tgt && a.kind !== 'attack') : undefined;
  // How many may go: the engine's `movable` (the movement phase's view: moves and airlifts), never
  // counted here; a transport's carries go one legal step at a time (see carryAll).
  const moveMax = moveLike?.kind !== 'carry' && from?.movable !== undefined ? Math.max(1, from.movable) : 1;
  const phase: string = view.phase ?? '';

  const endLabel = (a: Act) =>
    a.kind === 'done' ? t('war.done') : phase === 'attacks' ? t('war.end_attacks') : phase === 'movement' ? t('war.end_turn') : t('war.end_reinforcement');

  let hint = '';
  if (acts.length) {
    if (occupy.length) hint = t('war.hint_occupy', { to: NAME[view.attack?.to] ?? '' });
    else if (byKind('place').length) {
      const bound = Object.entries(toPlace ?? {})
        .filter(([k, v]) => k !== 'any' && v > 0)
        .map(([k, v]) => `${v} ${t(`war.continent.${k}`)}`)
        .join(', ');
      hint = t('war.hint_place', { n: totalToPlace }) + (bound ? ` (${bound})` : '');
    } else if (byKind('claim').length) hint = t('war.hint_claim');
    else if (sel && tgt && attacks.length) hint = t('war.hint_attack_dice');
    else if (sel && tgt && moveLike) hint = t(moveLike.kind === 'carry' ? 'war.hint_carry_count' : 'war.hint_move_count');
    else if (sel) hint = t(attacks.length || pairActs.some((a) => a.a === sel && a.kind === 'attack') ? 'war.hint_attack_target' : 'war.hint_move_target', { from: NAME[sel] });
    else if (phase === 'attacks' && pairActs.length) hint = t(byKind('air').length ? 'war.hint_attack_air' : 'war.hint_attack');
    else if (pairActs.some((a) => a.kind === 'carry')) hint = t('war.hint_carry');
    else if (pairActs.length) hint = t('war.hint_move');
    else if (adds.length) hint = t('war.hint_card_use');
    else hint = t('war.hint_panel');
  } else if (!state.over && view.prompt && interactive === false) hint = '';

  return (
    <div class="war-board" data-phase={phase}>
      <div class="war-bar" aria-live="polite">
        {acts.length > 0 && <span class="war-hint">{hint}</span>}
        {acts.length === 0 && !state.over && <span class="war-hint muted">{waitingText(props)}</span>}
        {state.over && (
          <span class="war-hint">
            {view.winner && view.winner !== 'draw' ? t('war.winner', { who: view.winner }) : t('war.drawn')}
          </span>
        )}
        {byKind('place').length > 0 && totalToPlace > 1 && (
          <span class="war-stepper" role="group" aria-label={t('war.how_many')}>
            {t('war.per_click')}
            <button data-testid="war-count-minus" onClick={() => setCount(Math.max(1, count - 1))} disabled={count <= 1}>
              −
            </button>
            <strong data-testid="war-count">{Math.min(count, totalToPlace)}</strong>
            <button data-testid="war-count-plus" onClick={() => setCount(Math.min(totalToPlace, count + 1))} disabled={count >= totalToPlace}>
              +
            </button>
            <button data-testid="war-count-all" onClick={() => setCount(totalToPlace)}>
              {t('war.all')}
            </button>
          </span>
        )}
        {occupy.length > 0 && (
          <span class="war-choices">
            {occupy.map((a) => (
              <button key={a.id} class="primary" data-testid={`war-occupy-${a.n}`} onClick={() => send(a)}>
                {t('war.occupy_n', { n: a.n ?? 1 })}
              </button>
            ))}
          </span>
        )}
        {sel && tgt && attacks.length > 0 && (
          <span class="war-choices">
            {attacks.map((a) => (
              <button key={a.id} class="primary" data-testid={`war-attack-${a.n}`} onClick={() => send(a)}>
                {t('war.attack_dice', { n: a.n ?? 1 })}
              </button>
            ))}
            <span class="war-odds" data-testid="war-odds">
              {odds && typeof odds.conquest === 'number'
                ? t('war.odds', { p: (odds.conquest * 100).toFixed(1), left: Number(odds.expected_attacker_left ?? 0).toFixed(1) })
                : t('war.odds_loading')}
            </span>
          </span>
        )}
        {sel && tgt && moveLike && moveLike.kind === 'carry' && (
          <span class="war-stepper">
            <button class="primary" data-testid="war-move-go" onClick={() => send(moveLike)} disabled={carryAll !== null}>
              {t('war.carry_one', { from: NAME[sel], to: NAME[tgt] })}
            </button>
            <button data-testid="war-move-all" onClick={() => setCarryAll({ a: sel, b: tgt })} disabled={carryAll !== null}>
              {t('war.carry_all')}
            </button>
          </span>
        )}
        {sel && tgt && moveLike && moveLike.kind !== 'carry' && (
          <span class="war-stepper">
            <button data-testid="war-move-minus" onClick={() => setCount(Math.max(1, count - 1))} disabled={count <= 1} aria-label={t('war.fewer')}>
              −
            </button>
            <strong data-testid="war-count">{Math.min(count, moveMax)}</strong>
            <button data-testid="war-move-plus" onClick={() => setCount(Math.min(moveMax, count + 1))} disabled={count >= moveMax} aria-label={t('war.more')}>
              +
            </button>
            <button data-testid="war-move-all" onClick={() => setCount(moveMax)} disabled={count >= moveMax}>
              {t('war.all_n', { n: moveMax })}
            </button>
            <button
              class="primary"
              data-testid="war-move-go"
              onClick={() => {
                const n = Math.min(count, moveMax);
                if (n === 1) send(moveLike);
                else act({ turn: `${moveLike.kind} ${n} ${sel} ${tgt}` });
                setTgt(null);
                setSel(null);
              }}
            >
              {t(`war.${moveLike.kind}_go`, { from: NAME[sel], to: NAME[tgt], n: Math.min(count, moveMax) })}
            </button>
          </span>
        )}
        {airHere.length > 0 && (
          <span class="war-choices">
            ✈ {NAME[tgt!]}:
            {airHere.map((a) => (
              <button key={a.id} data-testid={`war-air-${a.n}`} onClick={() => (setTgt(null), send(a))}>
                {t('war.bombers_n', { n: a.n ?? 1 })}
              </button>
            ))}
          </span>
        )}
        {adds.map((a) => (
          <button key={a.id} data-testid={`war-add-${a.a}`} onClick={() => send(a)}>
            {t('war.add_card', { card: a.a ?? '' })}
          </button>
        ))}
        {(sel || airHere.length > 0) && (
          <button data-testid="war-cancel" onClick={() => (setSel(null), setTgt(null), setCarryAll(null))}>
            {t('war.cancel')}
          </button>
        )}
        {ends.map((a) => (
          <button key={a.id} class="war-end" data-testid="war-end" onClick={() => send(a)}>
            {endLabel(a)}
          </button>
        ))}
      </div>
      <div class="war-scroll">
        <WarMap
          territories={territories}
          war2={game === 'war2'}
          selected={sel ?? (airHere.length ? tgt : null)}
          targets={sel && tgt ? new Set([tgt]) : targets}
          sources={sources}
          centres={centresOf(view)}
          lastFrom={lastFrom}
          lastTo={lastTo}
          onClick={acts.length ? onClick : undefined}
        />
      </div>
      <p class="war-scroll-hint muted small">{t('war.scroll_hint')}</p>
      <Dice steps={lastSteps} />
    </div>
  );
}

function waitingText(props: BoardProps): string {
  const { state, seatNames } = props;
  const to = state.to_act;
  if (typeof to === 'number') return t('war.waiting', { who: seatNames[to] ?? String(to) });
  return '';
}

export type { Pt };
