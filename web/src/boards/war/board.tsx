// The WAR / WAR-II board: the bar of commands, the world map with the armies, and the last roll.
// The state and what clicks do are in selection.ts, the bar in bar.tsx, the map in war-map.tsx.
import { t } from '../../i18n';
import type { BoardProps } from '../types';
import type { WarView } from '../../types';
import { ActionBar } from './bar';
import { Dice } from './dice';
import { centresOf, lastRoll } from './legal';
import { useSelection } from './selection';
import { WarMap } from './war-map';
import { useZoom, ZoomBox, ZoomButton } from '../zoom';
import './war.css';

export { WarMap } from './war-map';

export function Board(props: BoardProps<WarView>) {
  const { state, lastSteps, game } = props;
  const view = state.view ?? {};
  const s = useSelection(props);
  const zoom = useZoom('war');
  const { sel, tgt, airHere } = s;
  const roll = lastRoll(lastSteps);
  // The line of the last attack: the roll's, or the attack under way (its dice not yet rolled).
  const lastFrom = roll?.from || view.attack?.from;
  const lastTo = roll?.to || view.attack?.to;
  return (
    <div class="war-board" data-phase={view.phase ?? ''}>
      <ActionBar props={props} s={s} />
      {/* Zoom: above the map on a phone, whose map reaches below the screen; under it on a wide screen (war.css). */}
      <div class="war-zoom-row">
        <p class="war-scroll-hint muted small">{t('war.scroll_hint')}</p>
        <ZoomButton zoom={zoom} />
      </div>
      <div class="war-map-frame">
      <ZoomBox zoom={zoom} class="war-scroll">
        <WarMap
          territories={s.territories}
          war2={game === 'war2'}
          selected={sel ?? (airHere.length ? tgt : null)}
          targets={sel && tgt ? new Set([tgt]) : s.targets}
          sources={s.sources}
          centres={centresOf(view)}
          lastFrom={lastFrom}
          lastTo={lastTo}
          onClick={s.acts.length ? s.onClick : undefined}
        />
      </ZoomBox>
      {/* The last roll over the map's corner: it takes no room (the map never moves) and stays in view with the map. */}
      <Dice steps={lastSteps} />
      </div>
    </div>
  );
}
