// The side panel: your objective and cards (trades and card uses by clicking them), the players,
// the continents, and a button for every legal command the map has no control for.
import { objectiveWords } from './objective';
import { useState } from 'preact/hooks';
import { t } from '../../i18n';
import type { BoardProps } from '../types';
import { Swatch } from './colours';
import { centresOf, colours, legalActs, MAP_KINDS, NAME, parseCard, type Act, type Card } from './legal';
import { CONTINENTS, TERRITORIES } from './map';

const FIGURE: Record<string, string> = { triangle: '▲', square: '■', circle: '●' };

function CardView({ card, selected, onClick, usable, testid }: { card: Card; selected: boolean; onClick?: () => void; usable: boolean; testid?: string }) {
  const title = card.number ? `n${card.number}` : card.territories.length ? card.territories.map((x) => NAME[x] ?? x).join(' + ') : t('war.joker');
  const body = (
    <>
      <span class="war-card-name">{title}</span>
      {card.figure && <span class="war-card-figure" role="img" aria-label={t(`war.figure.${card.figure}`)}>{FIGURE[card.figure]}</span>}
      {!card.figure && !card.number && card.territories.length === 0 && <span class="war-card-figure">★</span>}
      {card.label.includes('(CE)') && <span class="war-card-ce">{t('war.ce_short')}</span>}
    </>
  );
  const cls = `war-card${selected ? ' war-card-selected' : ''}${usable ? ' war-card-usable' : ''}${card.number ? ' war-card-number' : ''}`;
  // Another player's card (spied, kept or revealed): shown, not played.
  if (!onClick) return <span class={cls} data-testid={testid ?? `war-card-${card.id}`}>{body}</span>;
  return (
    <button class={cls} data-testid={testid ?? `war-card-${card.id}`} onClick={onClick} aria-pressed={selected}>
      {body}
    </button>
  );
}

export function Panel(props: BoardProps) {
  const { state, you, interactive, act, game } = props;
  const view = state.view ?? {};
  const seats: any[] = view.seats ?? [];
  const acts = interactive && state.your_turn ? legalActs(state.legal, colours(view)) : [];
  const [picked, setPicked] = useState<string[]>([]);
  const mine = typeof you === 'number' ? seats[you] : undefined;
  const hand: Card[] = ((mine?.hand ?? []) as string[]).map(parseCard);

  // Legal commands that name a card of the hand.
  const cardActs = (c: Card): Act[] =>
    acts.filter((a) => {
      if (a.kind === 'use' || a.kind === 'discard') return a.a === c.id || c.territories.includes(a.a ?? '');
      if (a.kind === 'add') return a.a === c.id;
      return false;
    });
  const trades = acts.filter((a) => a.kind === 'trade');
  const togglePick = (index: number) => {
    const key = `${index}`;
    setPicked((old) => (old.includes(key) ? old.filter((x) => x !== key) : [...old, key]));
  };
  const pickedIds = picked.map((k) => hand[+k]?.id).filter(Boolean) as string[];
  const tradeMatches = trades.filter((a) => {
    const words = [...a.words];
    for (const p of pickedIds) {
      const i = words.indexOf(p);
      if (i < 0) return false;
      words.splice(i, 1);
    }
    return true;
  });
  const [menu, setMenu] = useState<number | null>(null);
  const menuCard = menu !== null ? hand[menu] : undefined;
  const menuActs = menuCard ? cardActs(menuCard) : [];

  const handled = new Set<number>();
  for (const a of acts) if (MAP_KINDS.has(a.kind)) handled.add(a.id);
  for (const c of hand) for (const a of cardActs(c)) handled.add(a.id);
  for (const a of trades) handled.add(a.id);
  const rest = acts.filter((a) => !handled.has(a.id));

  const owners: Record<string, string | null> = {};
  for (const tv of view.territories ?? []) owners[tv.id] = tv.owner;
  // An Information Centre stands on a territory; whoever else holds that territory keeps it.
  const centres = centresOf(view);
  const keeperOf = (s: any): string | null => centres.find((c) => c.owner === s?.colour)?.keeper ?? null;
  const myKeeper = keeperOf(mine);
  // Other players' hands and objectives the viewer sees: spied, kept with a captured Information
  // Centre, revealed at the end (or everything, in the replay's revealed view).
  const others = seats
    .map((s, i) => ({ s, i }))
    .filter(({ s, i }) => i !== you && (s.objective || s.hand !== undefined));
  const seenReason = (s: any): string => {
    if (state.over || typeof you !== 'number') return '';
    if (mine && keeperOf(s) === mine.colour) return t('war.seen_kept', { t: NAME[s.information_centre] ?? s.information_centre });
    if (s.hand !== undefined) return t('war.seen_spied');
    return '';
  };

  return (
    <div class="war-panel">
      {mine && (
        <section class="war-you">
          <h3>{t('war.your_objective')}</h3>
          <p class="war-objective" data-testid="war-objective">{objectiveWords(mine?.objective_card) ?? t('war.objective_hidden')}</p>
          {myKeeper && (
            <p class="war-note small" data-testid="war-ci-lost">
              {t('war.ci_yours_kept', { t: NAME[mine.information_centre] ?? mine.information_centre, who: myKeeper })}
            </p>
          )}
          <h3>
            {t('war.your_cards')} <span class="muted">({hand.length})</span>
          </h3>
          {hand.length === 0 && <p class="muted small">{t('war.no_cards')}</p>}
          <div class="war-hand">
            {hand.map((c, i) => (
              <CardView
                key={`${c.id}-${i}`}
                card={c}
                selected={picked.includes(`${i}`) || menu === i}
                usable={cardActs(c).length > 0 || (trades.length > 0 && !c.number)}
                onClick={() => {
                  if (trades.length && !c.number) togglePick(i);
                  else if (cardActs(c).length) setMenu(menu === i ? null : i);
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
              <p class="small muted">{t('war.trade_hint', { n: view.next_trade_value ?? '' })}</p>
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
      )}
      {rest.length > 0 && (
        <section class="war-more">
          <h3>{t('war.more_actions')}</h3>
          <div class="war-more-list">
            {groupRest(rest).map((g) =>
              g.acts.length > 3 && g.kind !== 'other' ? (
                <MoreChoice key={g.key} group={g} me={mine?.colour} act={act} />
              ) : (
                g.acts.map((a) => (
                  <button key={a.id} data-testid={`war-more-${a.id}`} onClick={() => act({ actions: [a.id] })}>
                    {moreText(a, mine?.colour)}
                  </button>
                ))
              ),
            )}
          </div>
        </section>
      )}
      {others.length > 0 && (
        <section class="war-seen" data-testid="war-seen">
          <h3>{state.over || typeof you !== 'number' ? t('war.revealed_title') : t('war.seen_title')}</h3>
          {others.map(({ s }) => (
            <div key={s.colour} class="war-seen-seat" data-testid={`war-seen-${s.colour}`}>
              <p class="war-seen-who">
                <Swatch owner={s.colour} /> <strong>{s.colour}</strong>
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
                    {(s.hand as string[]).map(parseCard).map((c, k) => (
                      <CardView key={`${c.id}-${k}`} card={c} selected={false} usable={false} testid={`war-seen-card-${s.colour}-${c.id}`} />
                    ))}
                  </div>
                ) : (
                  <p class="muted small">{t('war.no_cards')}</p>
                ))}
            </div>
          ))}
        </section>
      )}
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
                  <Swatch owner={s.colour} /> {s.colour}
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
      </section>
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
                    <Swatch owner={holder} /> {holder}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
        {game === 'war2' && <p class="small muted">◯ {t('war.ce_legend')}</p>}
        {seats.some((s) => 'information_centre' in s) && <p class="small muted">{t('war.ci_legend')}</p>}
      </section>
    </div>
  );
}

function cardActText(a: Act): string {
  if (a.kind === 'use') return t('war.use_card', { t: NAME[a.a ?? ''] ?? a.a ?? '' });
  if (a.kind === 'discard') return t('war.discard_card', { card: NAME[a.a ?? ''] ?? a.a ?? '' });
  if (a.kind === 'add') return t('war.add_card', { card: a.a ?? '' });
  return a.text;
}

// The commands the map has no control for, in words: "centre mackenzie" is "Place your
// Information Centre on Mackenzie".
function whoseKey(base: string, owner: string | undefined, me: string | undefined) {
  return owner === me ? `${base}_own` : `${base}_other`;
}
function moreText(a: Act, me: string | undefined): string {
  const place = NAME[a.a ?? ''] ?? a.a ?? '';
  switch (a.kind) {
    case 'centre':
      return t('war.act.centre', { t: place });
    case 'spy':
      return t('war.act.spy', { who: a.a ?? '' });
    case 'centre-move':
      return t(whoseKey('war.act.centre_move', a.b, me), { who: a.b ?? '', t: place });
    case 'centre-transport':
      return t(whoseKey('war.act.centre_transport', a.b, me), { who: a.b ?? '', t: place });
    case 'transport':
      return t('war.act.transport', { a: place, b: NAME[a.b ?? ''] ?? a.b ?? '' });
    case 'discard':
      return t('war.discard_card', { card: NAME[a.a ?? ''] ?? a.a ?? '' });
    default:
      return a.text;
  }
}

interface Group {
  key: string;
  kind: Act['kind'];
  owner?: string;
  acts: Act[];
}
// Commands of one kind (and one Information Centre's owner) together, in the legal list's order.
function groupRest(rest: Act[]): Group[] {
  const groups: Group[] = [];
  for (const a of rest) {
    const owner = a.kind === 'centre-move' || a.kind === 'centre-transport' ? a.b : undefined;
    const key = owner ? `${a.kind}-${owner}` : a.kind;
    let g = groups.find((x) => x.key === key);
    if (!g) groups.push((g = { key, kind: a.kind, owner, acts: [] }));
    g.acts.push(a);
  }
  return groups;
}

// Many commands that differ only in their territory (where to place or move an Information
// Centre): one list of territories and one button.
function MoreChoice({ group, me, act }: { group: Group; me: string | undefined; act: BoardProps['act'] }) {
  const sorted = [...group.acts].sort((x, y) => (NAME[x.a ?? ''] ?? '').localeCompare(NAME[y.a ?? ''] ?? ''));
  const [pick, setPick] = useState<number>(sorted[0].id);
  const chosen = sorted.find((a) => a.id === pick) ?? sorted[0];
  const label =
    group.kind === 'centre'
      ? t('war.act.centre_where')
      : group.kind === 'centre-move'
        ? t(whoseKey('war.act.centre_move_where', group.owner, me), { who: group.owner ?? '' })
        : group.kind === 'centre-transport'
          ? t(whoseKey('war.act.centre_transport_where', group.owner, me), { who: group.owner ?? '' })
          : t('war.act.which');
  return (
    <span class="war-more-choice">
      <label>
        {label}{' '}
        <select data-testid={`war-more-select-${group.key}`} value={String(chosen.id)} onChange={(e) => setPick(Number((e.target as HTMLSelectElement).value))}>
          {sorted.map((a) => (
            <option key={a.id} value={String(a.id)}>
              {NAME[a.a ?? ''] ?? a.a ?? a.text}
            </option>
          ))}
        </select>
      </label>
      <button data-testid={`war-more-go-${group.key}`} onClick={() => act({ actions: [chosen.id] })} title={moreText(chosen, me)}>
        {group.kind === 'centre' ? t('war.act.go_place') : group.kind === 'centre-move' ? t('war.act.go_move') : group.kind === 'centre-transport' ? t('war.act.go_transport') : t('war.act.go')}
      </button>
    </span>
  );
}
