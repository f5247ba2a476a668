// The players (territories, armies, cards, bombers, Information Centres) and the continents with
// their bonuses and holders.
import { seatName } from '../../games';
import { t } from '../../i18n';
import type { Viewer, WarSeat, WarView } from '../../types';
import { CardView } from './cards';
import { Swatch } from './colours';
import { NAME } from './legal';
import { CONTINENTS, TERRITORIES } from './map';

interface TableProps {
  game: string;
  view: WarView;
  seats: WarSeat[];
  you: Viewer;
  keeperOf: (s: WarSeat) => string | null;
}

export function Players({ game, view, seats, you, keeperOf }: TableProps) {
  return (
    <section class="war-players">
      <h3>{t('war.players')}</h3>
      <table class="war-seat-table">
        <thead>
          <tr>
            <th />
            <th title={t('war.territories')}>{t('war.territories_short')}</th>
            <th title={t('war.armies')}>{t('war.armies_short')}</th>
            <th title={t('war.cards')}>{t('war.cards_short')}</th>
            {game === 'war2' && <th title={t('war.bombers')}>✈</th>}
          </tr>
        </thead>
        <tbody>
          {seats.map((s, i) => (
            <tr key={s.colour} class={`${view.to_act === i ? 'war-to-act' : ''}${s.eliminated_by ? ' war-out' : ''}`}>
              <td>
                <Swatch owner={s.colour} /> {seatName(s.colour)}
                {you === i && <span class="muted"> ({t('war.you')})</span>}
                {s.eliminated_by && <span class="muted small"> {t('war.eliminated_by', { who: s.eliminated_by })}</span>}
                {s.information_centre && (
                  <span class="muted small" title={t('war.ci_long')} data-testid={`war-ci-${s.colour}`}>
                    {' · '}
                    {keeperOf(s)
                      ? t('war.ci_at_kept', { t: NAME[s.information_centre] ?? s.information_centre, who: keeperOf(s)! })
                      : t('war.ci_at', { t: NAME[s.information_centre] ?? s.information_centre })}
                  </span>
                )}
              </td>
              <td>{s.territories}</td>
              <td>{s.armies}</td>
              <td>{s.cards}</td>
              {game === 'war2' && <td>{s.bombers}</td>}
            </tr>
          ))}
        </tbody>
      </table>
      <p class="small muted">
        {game === 'war2'
          ? t('war.pile2', { pile: view.pile ?? 0, discard: view.discard ?? 0 })
          : t('war.pile', { pile: view.pile ?? 0, next: view.next_trade_value ?? 0 })}
      </p>
      {game === 'war2' && (view.discard_cards?.length ?? 0) > 0 && (
        <div class="war-used-cards small">
          <span class="muted">{t('war.used_face_up')}</span>
          {view.discard_cards!.map((c) => (
            <CardView key={c.card} card={c} selected={false} usable={false} testid={`war-used-${c.card}`} />
          ))}
        </div>
      )}
    </section>
  );
}

export function Continents({ game, view, seats }: { game: string; view: WarView; seats: WarSeat[] }) {
  const owners: Record<string, string | null> = {};
  for (const tv of view.territories ?? []) owners[tv.id] = tv.owner;
  return (
    <section class="war-continents">
      <h3>{t('war.continents')}</h3>
      <ul>
        {CONTINENTS.map((c) => {
          const ids = TERRITORIES.filter((x) => x.continent === c.id).map((x) => x.id);
          const holder = ids.length && ids.every((id) => owners[id] && owners[id] === owners[ids[0]]) ? owners[ids[0]] : null;
          return (
            <li key={c.id}>
              <span>{t(`war.continent.${c.id}`)}</span>
              <span class="muted small">
                {game === 'war2' ? t('war.majority_totality', { m: c.majority, t: c.totality }) : `+${c.bonus}`}
              </span>
              {holder && (
                <span class="war-holder">
                  <Swatch owner={holder} /> {seatName(holder)}
                </span>
              )}
            </li>
          );
        })}
      </ul>
      {game === 'war2' && <p class="small muted">◯ {t('war.ce_legend')}</p>}
      {seats.some((s) => 'information_centre' in s) && <p class="small muted">{t('war.ci_legend')}</p>}
    </section>
  );
}
