// The bar above the map: the hint (or whom the board waits for, or the result), and the buttons of
// the commands under way: counts, occupation, dice, moves, air strikes, cards added, cancel, end.
import { t } from '../../i18n';
import type { BoardProps } from '../types';
import type { WarView } from '../../types';
import { AttackChoices, CarryControls, MoveStepper, PlaceStepper } from './counts';
import { endLabel, hintText, waitingText } from './hint';
import { NAME } from './legal';
import type { Selection } from './selection';

export function ActionBar({ props, s }: { props: BoardProps<WarView>; s: Selection }) {
  const { state } = props;
  const view = state.view ?? {};
  const phase: string = view.phase ?? '';
  const { acts, byKind, sel, tgt, moveLike, airHere, send } = s;
  const occupy = byKind('occupy');
  const ends = [...byKind('end'), ...byKind('done')];
  return (
    <div class="war-bar" aria-live="polite">
      {acts.length > 0 && <span class="war-hint">{hintText(view, s)}</span>}
      {acts.length === 0 && !state.over && <span class="war-hint muted">{waitingText(props)}</span>}
      {state.over && (
        <span class="war-hint">
          {view.winner && view.winner !== 'draw' ? t('war.winner', { who: view.winner }) : t('war.drawn')}
        </span>
      )}
      {byKind('place').length > 0 && s.totalToPlace > 1 && <PlaceStepper s={s} />}
      {occupy.length > 0 && (
        <span class="war-choices">
          {occupy.map((a) => (
            <button key={a.id} class="primary" data-testid={`war-occupy-${a.n}`} onClick={() => send(a)}>
              {t('war.occupy_n', { n: a.n ?? 1 })}
            </button>
          ))}
        </span>
      )}
      {sel && tgt && s.attacks.length > 0 && <AttackChoices s={s} />}
      {sel && tgt && moveLike && moveLike.kind === 'carry' && <CarryControls s={s} sel={sel} tgt={tgt} />}
      {sel && tgt && moveLike && moveLike.kind !== 'carry' && <MoveStepper s={s} sel={sel} tgt={tgt} act={props.act} />}
      {airHere.length > 0 && (
        <span class="war-choices">
          ✈ {NAME[tgt!]}:
          {airHere.map((a) => (
            <button key={a.id} data-testid={`war-air-${a.n}`} onClick={() => (s.setTgt(null), send(a))}>
              {t('war.bombers_n', { n: a.n ?? 1 })}
            </button>
          ))}
        </span>
      )}
      {byKind('add').map((a) => (
        <button key={a.id} data-testid={`war-add-${a.a}`} onClick={() => send(a)}>
          {t('war.add_card', { card: a.a ?? '' })}
        </button>
      ))}
      {(sel || airHere.length > 0) && (
        <button data-testid="war-cancel" onClick={() => (s.setSel(null), s.setTgt(null), s.setCarryAll(null))}>
          {t('war.cancel')}
        </button>
      )}
      {ends.map((a) => (
        <button key={a.id} class="war-end" data-testid="war-end" onClick={() => send(a)}>
          {endLabel(a, phase)}
        </button>
      ))}
    </div>
  );
}
