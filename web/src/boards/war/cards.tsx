// A card of WAR: the viewer's own (a button: trade, use, discard, add) or another player's (shown).
import { t } from '../../i18n';
import { NAME, type Act, type Card } from './legal';

const FIGURE: Record<string, string> = { triangle: '▲', square: '■', circle: '●' };

export function CardView({ card, selected, onClick, usable, testid }: { card: Card; selected: boolean; onClick?: () => void; usable: boolean; testid?: string }) {
  const title = card.number ? `n${card.number}` : card.territories.length ? card.territories.map((x) => NAME[x] ?? x).join(' + ') : t('war.joker');
  const body = (
    <>
      <span class="war-card-name">{title}</span>
      {card.figure && <span class="war-card-figure" role="img" aria-label={t(`war.figure.${card.figure}`)}>{FIGURE[card.figure]}</span>}
      {!card.figure && !card.number && card.territories.length === 0 && <span class="war-card-figure">★</span>}
      {card.strategic_centre && <span class="war-card-ce">{t('war.ce_short')}</span>}
    </>
  );
  const cls = `war-card${selected ? ' war-card-selected' : ''}${usable ? ' war-card-usable' : ''}${card.number ? ' war-card-number' : ''}`;
  // Another player's card (spied, kept or revealed): shown, not played.
  if (!onClick) return <span class={cls} data-testid={testid ?? `war-card-${card.card}`}>{body}</span>;
  return (
    <button class={cls} data-testid={testid ?? `war-card-${card.card}`} onClick={onClick} aria-pressed={selected}>
      {body}
    </button>
  );
}

// What a command on a card of the hand does, in words.
export function cardActText(a: Act): string {
  if (a.kind === 'use') return t('war.use_card', { t: NAME[a.a ?? ''] ?? a.a ?? '' });
  if (a.kind === 'discard') return t('war.discard_card', { card: NAME[a.a ?? ''] ?? a.a ?? '' });
  if (a.kind === 'add') return t('war.add_card', { card: a.a ?? '' });
  return a.text;
}

// The legal commands that name a card of the hand.
export function cardActs(acts: Act[], c: Card): Act[] {
  return acts.filter((a) => {
    if (a.kind === 'use' || a.kind === 'discard') return a.a === c.card || c.territories.includes(a.a ?? '');
    if (a.kind === 'add') return a.a === c.card;
    return false;
  });
}
