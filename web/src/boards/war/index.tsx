import type { BoardModule } from '../types';
import type { WarView } from '../../types';
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
function reveal(views: any[]): any {
  const base = views.find((v) => v) ?? {};
  const seats = (base.seats ?? []).map((seat: any, i: number) => {
    const own = views[i]?.seats?.[i] ?? {};
    const merged = { ...seat };
    for (const key of ['hand', 'objective', 'objective_card']) if (own[key] !== undefined) merged[key] = own[key];
    return merged;
  });
  return { ...base, seats };
}

export const warBoard: BoardModule<WarView> = { Board, Preview, Panel, reveal, words: warWords };
