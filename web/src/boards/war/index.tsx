import type { BoardModule } from '../types';
import type { WarSeat, WarView } from '../../types';
import { Board, WarMap } from './board';
import { Panel } from './panel';
import { warWords } from './words';
import { TERRITORIES } from './map';

// The home page's picture: the map in the six colours.
const PREVIEW_OWNERS = ['vermelha', 'azul', 'amarela', 'verde', 'branca', 'preta'];
function Preview() {
  const territories = Object.fromEntries(
    TERRITORIES.map((x, i) => [x.id, { id: x.id, owner: PREVIEW_OWNERS[(i * 7 + (i >> 2)) % 6], armies: 1 }]),
  );
  return <WarMap territories={territories} war2={false} small names={false} />;
}

// Everything revealed: the board from any view, each seat's hand and objective from its own view.
function reveal(views: WarView[]): WarView {
  const base = views[0];
  const seats = base.seats.map((seat, i): WarSeat => {
    const own = views[i]?.seats[i];
    return { ...seat, hand: own?.hand ?? seat.hand, objective: own?.objective ?? seat.objective, objective_card: own?.objective_card ?? seat.objective_card };
  });
  return { ...base, seats };
}

export const warBoard: BoardModule<WarView> = { Board, Preview, Panel, reveal, words: warWords };
