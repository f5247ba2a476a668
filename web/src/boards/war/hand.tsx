// The viewer's own part of the panel: its objective, its Information Centre where another keeps
// it, and its cards: picked for a trade, or opened for their commands (use, discard, add).
import { useState } from 'preact/hooks';
import { t } from '../../i18n';
import type { BoardProps } from '../types';
import { cardActs, cardActText, CardView } from './cards';
import { NAME, type Act, type Card } from './legal';
import { objectiveWords } from './objective';
import type { WarSeat } from '../../types';

interface HandProps {
  mine: WarSeat | undefined;
  hand: Card[];
  acts: Act[];
  keeper: string | null;
  nextTrade: string | number | undefined;
  act: BoardProps['act'];
}

export function YourHand({ mine, hand, acts, keeper, nextTrade, act }: HandProps) {
  const [picked, setPicked] = useState<string[]>([]);
  const [menu, setMenu] = useState<number | null>(null);
  const trades = acts.filter((a) => a.kind === 'trade');
  const togglePick = (index: number) => {
    const key = `${index}`;
    setPicked((old) => (old.includes(key) ? old.filter((x) => x !== key) : [...old, key]));
  };
  const pickedIds = picked.map((k) => hand[+k]?.card).filter(Boolean) as string[];
  const tradeMatches = trades.filter((a) => {
    const words = [...a.words];
    for (const p of pickedIds) {
      const i = words.indexOf(p);
      if (i < 0) return false;
      words.splice(i, 1);
    }
    return true;
  });
  const menuCard = menu !== null ? hand[menu] : undefined;
  const menuActs = menuCard ? cardActs(acts, menuCard) : [];

  return (
    <section class="war-you">
      <h3>{t('war.your_objective')}</h3>
      <p class="war-objective" data-testid="war-objective">{objectiveWords(mine?.objective_card) ?? t('war.objective_hidden')}</p>
      {keeper && (
        <p class="war-note small" data-testid="war-ci-lost">
          {t('war.ci_yours_kept', { t: NAME[mine?.information_centre ?? ''] ?? mine?.information_centre, who: keeper })}
        </p>
      )}
      <h3>
        {t('war.your_cards')} <span class="muted">({hand.length})</span>
      </h3>
      {hand.length === 0 && <p class="muted small">{t('war.no_cards')}</p>}
      <div class="war-hand">
        {hand.map((c, i) => (
          <CardView
            key={`${c.card}-${i}`}
            card={c}
            selected={picked.includes(`${i}`) || menu === i}
            usable={cardActs(acts, c).length > 0 || (trades.length > 0 && !c.number)}
            onClick={() => {
              if (trades.length && !c.number) togglePick(i);
              else if (cardActs(acts, c).length) setMenu(menu === i ? null : i);
            }}
          />
        ))}
      </div>
      {menuCard && menuActs.length > 0 && (
        <div class="war-card-menu">
          {menuActs.map((a) => (
            <button key={a.id} data-testid={`war-cardact-${a.id}`} onClick={() => (setMenu(null), act({ actions: [a.id] }))}>
              {cardActText(a)}
            </button>
          ))}
        </div>
      )}
      {trades.length > 0 && (
        <div class="war-trades">
          <p class="small muted">{t('war.trade_hint', { n: nextTrade ?? '' })}</p>
          {tradeMatches.map((a) => (
            <button
              key={a.id}
              class={pickedIds.length === 3 ? 'primary' : ''}
              data-testid={`war-trade-${a.id}`}
              onClick={() => (setPicked([]), act({ actions: [a.id] }))}
            >
              {t('war.trade', { cards: a.words.map((w) => NAME[w] ?? w).join(' · ') })}
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
