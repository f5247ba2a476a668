// The objective cards in the interface's language, worded from the view's data
// ("objective_card", war.h ObjectiveFacts) through the keyed templates of i18n/war.ts.
import { t } from '../../i18n';
import type { WarObjectiveCard } from '../../types';

export type ObjectiveCard = WarObjectiveCard;

// "Europa and Oceania"; "Europa, Oceania" where "and a third continent" follows.
function continents(ids: string[], more: boolean) {
  const names = ids.map((id) => t(`war.continent.${id}`));
  if (more || names.length < 2) return names.join(', ');
  return `${names.slice(0, -1).join(', ')}${t('war.objective.and')}${names[names.length - 1]}`;
}

// What the card asks, as printed (a "destroy" card that fell back says so after it).
function cardWords(card: Extract<ObjectiveCard, { kind: 'card' }>): string {
  if (card.destroy) {
    const colour = t(`war.objective.colour_${card.destroy}`);
    const words = t('war.objective.destroy', { colour, n: card.fallback_territories ?? 24 });
    return card.fallen_back ? t('war.objective.now', { objective: words, n: card.fallback_territories ?? 24 }) : words;
  }
  if (card.continents?.length) {
    return t(card.any_continents ? 'war.objective.continents_and_third' : 'war.objective.continents', { continents: continents(card.continents, !!card.any_continents) });
  }
  if (card.ce_continents?.length === 2) return t('war.objective.ce_continents', { a: t(`war.continent.${card.ce_continents[0]}`), b: t(`war.continent.${card.ce_continents[1]}`) });
  if (card.ce_distinct_continents) return t('war.objective.ce_every');
  if (card.strategic_centres) {
    if (card.territories) return t('war.objective.ce_and_territories', { n: card.strategic_centres, territories: card.territories });
    if ((card.ce_min_armies ?? 1) > 1) return t('war.objective.ce_armies', { n: card.strategic_centres, armies: card.ce_min_armies ?? 1 });
    return t('war.objective.ce', { n: card.strategic_centres });
  }
  if (card.territories) {
    return t((card.min_armies ?? 1) > 1 ? 'war.objective.territories_two' : 'war.objective.territories', { n: card.territories, armies: card.min_armies ?? 1 });
  }
  return t('war.objective_of') + ` ${card.number}`;
}

export function objectiveWords(card: ObjectiveCard | undefined): string | undefined {
  if (!card) return undefined;
  if (card.kind === 'not_drawn') return t('war.objective_hidden');
  if (card.kind === 'reduced') return t('war.objective.reduced');
  return cardWords(card);
}
