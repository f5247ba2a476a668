// The legal commands the map and the cards have no control for (Information Centres, spying,
// transports), as buttons, or as one list and one button when many differ only in the territory.
import { useState } from 'preact/hooks';
import { t } from '../../i18n';
import type { BoardProps } from '../types';
import { NAME, type Act } from './legal';

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

export function MoreActions({ rest, me, act }: { rest: Act[]; me: string | undefined; act: BoardProps['act'] }) {
  return (
    <section class="war-more">
      <h3>{t('war.more_actions')}</h3>
      <div class="war-more-list">
        {groupRest(rest).map((g) =>
          g.acts.length > 3 && g.kind !== 'other' ? (
            <MoreChoice key={g.key} group={g} me={me} act={act} />
          ) : (
            g.acts.map((a) => (
              <button key={a.id} data-testid={`war-more-${a.id}`} onClick={() => act({ actions: [a.id] })}>
                {moreText(a, me)}
              </button>
            ))
          ),
        )}
      </div>
    </section>
  );
}
