// The objective cards in the interface's language. The engine words them in English (the map
// file's texts, data/maps/war-classic.json); each form is matched here and worded again, and a
// text of no known form (a map file's own objective) is shown as the engine gave it.
import { lang, t } from '../../i18n';

// Continent names as the objectives print them (Portuguese on the board in both languages).
function list(names: string) {
  return names.split(/, | and /).join(t('war.objective.and'));
}

export function objectiveText(text: string | undefined): string | undefined {
  if (!text) return text;
  let m: RegExpExecArray | null;
  // The engine's own wordings (war.cc, ObjectiveText), in both languages.
  if (text === 'not yet drawn') return t('war.objective_hidden');
  if (/^Conquer any three Strategic Centres \(reduced to one territory/.test(text)) return t('war.objective.reduced');
  if ((m = /^(.+) \(now: conquer (\d+) territories of your choice\)$/.exec(text)))
    return t('war.objective.now', { objective: objectiveText(m[1]) ?? m[1], n: m[2] });
  if (lang.value === 'en') return text;
  if ((m = /^Conquer in full (.+) and a third continent of your choice$/.exec(text)))
    return t('war.objective.continents_and_third', { continents: list(m[1]) });
  if ((m = /^Conquer in full (.+)$/.exec(text))) return t('war.objective.continents', { continents: list(m[1]) });
  if ((m = /^Conquer (\d+) territories and occupy each of them with at least two armies$/.exec(text)))
    return t('war.objective.territories_two', { n: m[1] });
  if ((m = /^Conquer (\d+) territories of your choice$/.exec(text))) return t('war.objective.territories', { n: m[1] });
  if ((m = /^Destroy the (\w+) armies completely/.exec(text)))
    return t('war.objective.destroy', { colour: t(`war.objective.colour_${m[1]}`) });
  if ((m = /^Hold (\d+) Strategic Centres and (\d+) territories$/.exec(text)))
    return t('war.objective.ce_and_territories', { n: m[1], territories: m[2] });
  if ((m = /^Hold (\d+) Strategic Centres with at least (\d+) armies on each$/.exec(text)))
    return t('war.objective.ce_armies', { n: m[1], armies: m[2] });
  if ((m = /^Hold (\d+) Strategic Centres$/.exec(text))) return t('war.objective.ce', { n: m[1] });
  if ((m = /^Hold all 3 Strategic Centres of (.+) and all 3 of (.+)$/.exec(text)))
    return t('war.objective.ce_continents', { a: m[1], b: m[2] });
  if (text === 'Hold a Strategic Centre in every continent') return t('war.objective.ce_every');
  return text;
}
