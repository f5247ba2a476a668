// The bar above the map: the hint (or whom the board waits for, or the result), and the buttons of
// the commands under way: counts, occupation, dice, moves, air strikes, cards added, cancel, end.
import { t } from '../../i18n';
import type { BoardProps } from '../types';
import type { WarSeat, WarView } from '../../types';
import { AttackChoices, AttackOdds, CarryControls, MoveStepper, PlaceStepper } from './counts';
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
  const trades = byKind('trade');
  // A trade due (or offered with nothing left to place): the first set at hand, and the cards.
  const tradeHere = trades.length > 0 && byKind('place').length === 0;
  // The bar keeps its size whatever it holds (war.css): the hint, the controls of the command
  // under way, the odds and the end button each have a place reserved, so the map never moves.
  return (
    <div class="war-bar" aria-live="polite">
      <span class={`war-hint${acts.length === 0 && !state.over ? ' muted' : ''}`} data-testid="war-hint">
        {acts.length > 0 && hintText(view, s, mine(props))}
        {acts.length === 0 && !state.over && waitingText(props)}
        {state.over && (view.winner && view.winner !== 'draw' ? t('war.winner', { who: view.winner }) : t('war.drawn'))}
      </span>
      <span class="war-controls">
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
        {tradeHere && (
          <>
            <button class="primary" data-testid={`war-bar-trade-${trades[0].id}`} onClick={() => send(trades[0])}>
              {t('war.trade', { cards: trades[0].words.map((w) => NAME[w] ?? w).join(' · ') })}
            </button>
            {trades.length > 1 && (
              <button data-testid="war-bar-cards" onClick={() => document.querySelector('.war-you')?.scrollIntoView({ block: 'center', behavior: 'smooth' })}>
                {t('war.other_sets', { n: trades.length - 1 })}
              </button>
            )}
          </>
        )}
      </span>
      <span class="war-odds-slot">{sel && tgt && s.attacks.length > 0 && <AttackOdds s={s} />}</span>
      <span class="war-ends">
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
      </span>
    </div>
  );
}

// The viewer's own seat in the view (its hand), if it has one.
function mine(props: BoardProps<WarView>): WarSeat | undefined {
  return typeof props.you === 'number' ? props.state.view?.seats?.[props.you] : undefined;
}
