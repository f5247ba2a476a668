import type { BoardModule } from '../types';
import { Board, WarMap } from './board';
import { Panel } from './panel';
import { NAME } from './legal';
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

// The server's lines name territories by id ("placed 1 army on africadosul"): the board's names.
const ID = new RegExp(`\\b(${TERRITORIES.map((x) => x.id).join('|')})\\b`, 'g');
function moveText(text: string) {
  return text.replace(ID, (id) => NAME[id] ?? id);
}

export const warBoard: BoardModule = { Board, Preview, Panel, reveal, moveText };
