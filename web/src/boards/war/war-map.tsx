// The map alone: territories, links and counters, highlights of what may be clicked and the last
// attack. Used by the board and (bare) by the preview.
import { useMemo } from 'preact/hooks';
import { seatName } from '../../games';
import { t } from '../../i18n';
import { stepFree, useRoving } from '../keyboard';
import { Badge, colourOf, PatternDefs } from './colours';
import { mapShapes } from './geo';
import { NAME } from './legal';
import { LINKS, TERRITORIES } from './map';
import type { WarView } from '../../types';

export interface TerritoryView {
  id: string;
  owner: string | null;
  armies: number;
  movable?: number;
  strategic_centre?: boolean;
}

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
  // The keyboard (../keyboard.ts): the arrows go from territory to territory by their counters'
  // places; Tab enters at the one selected, else one that may be clicked. Not in the small map.
  const spots = useMemo(() => TERRITORIES.map(({ id }) => ({ id, x: L[id][0], y: L[id][1] })), [L]);
  const clickable = (id: string) => !!onClick && (targets?.has(id) || sources?.has(id) || selected === id);
  const nav = useRoving(
    spots,
    'data-territory',
    [selected, TERRITORIES.find(({ id }) => clickable(id))?.id],
    (id) => clickable(id) && onClick!(id),
    undefined,
    stepFree,
  );
  const label = (id: string) => {
    const tv = territories[id];
    const what = tv?.owner
      ? t(tv.armies === 1 ? 'a11y.war_owned_one' : 'a11y.war_owned', { name: NAME[id], owner: seatName(tv.owner), n: tv.armies })
      : t('a11y.war_vacant', { name: NAME[id] });
    return clickable(id) ? `${what}, ${t('a11y.war_here')}` : what;
  };
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
      role={props.small ? 'img' : 'application'}
      aria-label={props.small ? t('war.map') : `${t('war.map')}: ${t('a11y.board_keys')}`}
      {...(props.small ? {} : nav.container)}
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
            {...(props.small ? {} : nav.item(id, label(id)))}
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
      {/* The counters' touch areas, under all the counters: 24 units wide, 43 px on the phone's
          zoomed-in map (../zoom.tsx), where a territory is smaller. */}
      {!props.small && (
        <g class="war-hits" aria-hidden="true">
          {TERRITORIES.map(({ id }) => (
            <circle key={id} class="war-hit" data-hit={id} cx={L[id][0]} cy={L[id][1]} r={12} onClick={onClick ? () => onClick(id) : undefined} />
          ))}
        </g>
      )}
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
            <g key={id} class={cls.join(' ')} data-counter={id} onClick={onClick ? () => onClick(id) : undefined} aria-hidden="true">
              {props.names !== false && (
                <text class="war-name" x={x} y={y + 17} text-anchor="middle">
                  {NAME[id]}
                </text>
              )}
              {props.war2 && ce && <circle class="war-ce" cx={x} cy={y} r={12.5} />}
              {nav.cursor === id && <circle class="war-cursor" cx={x} cy={y} r={15} />}
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

export function territoryMap(view: WarView): Record<string, TerritoryView> {
  const out: Record<string, TerritoryView> = {};
  for (const tv of view.territories) out[tv.id] = tv;
  return out;
}
