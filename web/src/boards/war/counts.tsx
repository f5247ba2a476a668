// The controls of a chosen pair of territories and of counts: armies placed per click, the dice of
// an attack with its odds, a transport carried one army or all, armies moved.
import { t } from '../../i18n';
import { NAME } from './legal';
import type { Selection } from './selection';

export function PlaceStepper({ s }: { s: Selection }) {
  const { count, setCount, totalToPlace } = s;
  return (
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
  );
}

export function AttackChoices({ s }: { s: Selection }) {
  return (
    <span class="war-choices">
      {s.attacks.map((a) => (
        <button key={a.id} class="primary" data-testid={`war-attack-${a.n}`} onClick={() => s.send(a)}>
          {t('war.attack_dice', { n: a.n ?? 1 })}
        </button>
      ))}
    </span>
  );
}

const params = (odds: { conquest: number; expected_attacker_left: number }) => ({
  p: (odds.conquest * 100).toFixed(1),
  left: Number(odds.expected_attacker_left ?? 0).toFixed(1),
});

// The odds of the attack chosen, beside its dice (a place of its own in the bar; a phone says
// them short, the whole sentence in its title).
export function AttackOdds({ s }: { s: Selection }) {
  const { odds } = s;
  return (
    <span class="war-odds" data-testid="war-odds">
      {odds && typeof odds.conquest === 'number' ? (
        <>
          <span class="war-odds-long">{t('war.odds', params(odds))}</span>
          <span class="war-odds-short" title={t('war.odds', params(odds))}>
            {t('war.odds_short', params(odds))}
          </span>
        </>
      ) : (
        t('war.odds_loading')
      )}
    </span>
  );
}

export function CarryControls({ s, sel, tgt }: { s: Selection; sel: string; tgt: string }) {
  return (
    <span class="war-stepper">
      <button class="primary" data-testid="war-move-go" onClick={() => s.send(s.moveLike!)} disabled={s.carryAll !== null}>
        {t('war.carry_one', { from: NAME[sel], to: NAME[tgt] })}
      </button>
      <button data-testid="war-move-all" onClick={() => s.setCarryAll({ a: sel, b: tgt })} disabled={s.carryAll !== null}>
        {t('war.carry_all')}
      </button>
    </span>
  );
}

export function MoveStepper({ s, sel, tgt, act }: { s: Selection; sel: string; tgt: string; act: (move: { turn: string }) => void }) {
  const { count, setCount, moveMax } = s;
  const moveLike = s.moveLike!;
  return (
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
          if (n === 1) s.send(moveLike);
          else act({ turn: `${moveLike.kind} ${n} ${sel} ${tgt}` });
          s.setTgt(null);
          s.setSel(null);
        }}
      >
        {t(`war.${moveLike.kind}_go`, { from: NAME[sel], to: NAME[tgt], n: Math.min(count, moveMax) })}
      </button>
    </span>
  );
}
