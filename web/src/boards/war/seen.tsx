// Other players' hands and objectives the viewer sees: spied, kept with a captured Information
// Centre, revealed at the end (or everything, in the replay's revealed view).
import { seatName } from '../../games';
import { t } from '../../i18n';
import type { Viewer, WarSeat } from '../../types';
import { CardView } from './cards';
import { Swatch } from './colours';
import { NAME } from './legal';
import { objectiveWords } from './objective';

interface SeenProps {
  others: { s: WarSeat; i: number }[];
  mine: WarSeat | undefined;
  you: Viewer;
  over: boolean;
  keeperOf: (s: WarSeat) => string | null;
}

export function SeenSeats({ others, mine, you, over, keeperOf }: SeenProps) {
  const seenReason = (s: WarSeat): string => {
    if (over || typeof you !== 'number') return '';
    if (mine && keeperOf(s) === mine.colour) return t('war.seen_kept', { t: NAME[s.information_centre ?? ''] ?? s.information_centre ?? '' });
    if (s.hand !== undefined) return t('war.seen_spied');
    return '';
  };
  return (
    <section class="war-seen" data-testid="war-seen">
      <h3>{over || typeof you !== 'number' ? t('war.revealed_title') : t('war.seen_title')}</h3>
      {others.map(({ s }) => (
        <div key={s.colour} class="war-seen-seat" data-testid={`war-seen-${s.colour}`}>
          <p class="war-seen-who">
            <Swatch owner={s.colour} /> <strong>{seatName(s.colour)}</strong>
            {seenReason(s) && <span class="muted small"> — {seenReason(s)}</span>}
          </p>
          {s.objective_card && (
            <p class="small" data-testid="war-seen-objective">
              {t('war.objective_of')} {objectiveWords(s.objective_card)}
            </p>
          )}
          {s.hand !== undefined &&
            (s.hand.length ? (
              <div class="war-hand war-hand-small">
                {(s.hand ?? []).map((c, k) => (
                  <CardView key={`${c.card}-${k}`} card={c} selected={false} usable={false} testid={`war-seen-card-${s.colour}-${c.card}`} />
                ))}
              </div>
            ) : (
              <p class="muted small">{t('war.no_cards')}</p>
            ))}
        </div>
      ))}
    </section>
  );
}
