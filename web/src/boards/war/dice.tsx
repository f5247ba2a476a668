// The dice of the last attack and the rounds of the last air strike, as the last event's facts
// tell them.
import { t } from '../../i18n';
import type { Fact } from '../../types';
import { lastAir, lastRoll, NAME } from './legal';

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
