// The side panel: your objective and cards (trades and card uses by clicking them), a button for
// every legal command the map has no control for, what you see of the others, the players and the
// continents. Each section is its own component; this sorts the legal commands among them.
import type { BoardProps } from '../types';
import type { WarSeat, WarView } from '../../types';
import { cardActs } from './cards';
import { YourHand } from './hand';
import { centresOf, colours, legalActs, MAP_KINDS, type Card } from './legal';
import { MoreActions } from './more';
import { SeenSeats } from './seen';
import { Continents, Players } from './table';

export function Panel(props: BoardProps<WarView>) {
  const { state, you, interactive, act, game } = props;
  const view = state.view;
  const seats = view.seats;
  const acts = interactive && state.your_turn ? legalActs(state.legal, colours(view)) : [];
  const mine = typeof you === 'number' ? seats[you] : undefined;
  const hand: Card[] = mine?.hand ?? [];

  // The commands the map, the cards and the trades do not offer go to "more actions".
  const handled = new Set<number>();
  for (const a of acts) if (MAP_KINDS.has(a.kind)) handled.add(a.id);
  for (const c of hand) for (const a of cardActs(acts, c)) handled.add(a.id);
  for (const a of acts) if (a.kind === 'trade') handled.add(a.id);
  const rest = acts.filter((a) => !handled.has(a.id));

  // An Information Centre stands on a territory; whoever else holds that territory keeps it.
  const centres = centresOf(view);
  const keeperOf = (s: WarSeat): string | null => centres.find((c) => c.owner === s.colour)?.keeper ?? null;
  // Other players' hands and objectives the viewer sees.
  const others = seats.map((s, i) => ({ s, i })).filter(({ s, i }) => i !== you && (s.objective || s.hand !== undefined));

  return (
    <div class="war-panel">
      {mine && <YourHand mine={mine} hand={hand} acts={acts} keeper={keeperOf(mine)} nextTrade={view.next_trade_value} act={act} />}
      {rest.length > 0 && <MoreActions rest={rest} me={mine?.colour} act={act} />}
      {others.length > 0 && <SeenSeats others={others} mine={mine} you={you} over={!!state.over} keeperOf={keeperOf} />}
      <Players game={game} view={view} seats={seats} you={you} keeperOf={keeperOf} />
      <Continents game={game} view={view} seats={seats} />
    </div>
  );
}
