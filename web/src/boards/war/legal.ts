// The legal texts of a WAR / WAR-II decision, read into what the board and panel offer.
import type { LegalAction } from '../../types';
import { TERRITORIES } from './map';

export type Kind =
  | 'place' | 'claim' | 'attack' | 'occupy' | 'move' | 'carry' | 'airlift' | 'air' | 'end' | 'done'
  | 'add' | 'use' | 'transport' | 'discard' | 'trade' | 'centre' | 'spy' | 'centre-move'
  | 'centre-transport' | 'other';

export interface Act {
  id: number;
  text: string;
  kind: Kind;
  a?: string; // territory (or card, owner)
  b?: string; // second territory
  n?: number; // dice, armies, bombers
  words: string[];
}

const PAIR = new Set(['move', 'carry', 'airlift']);

export function parseLegal(legal: LegalAction[] | undefined): Act[] {
  return (legal ?? []).map(({ id, text }) => {
    const w = text.trim().split(/\s+/);
    const base = { id, text, words: w.slice(1) };
    switch (w[0]) {
      case 'place':
        return { ...base, kind: 'place', n: +w[1], a: w[2] };
      case 'claim':
        return { ...base, kind: 'claim', a: w[1] };
      case 'attack':
        return { ...base, kind: 'attack', a: w[1], b: w[2], n: +(w[3] ?? 0) };
      case 'occupy':
        return { ...base, kind: 'occupy', n: +w[1] };
      case 'air':
        return { ...base, kind: 'air', a: w[1], n: +w[2] };
      case 'end':
      case 'done':
        return { ...base, kind: w[0] };
      case 'add':
        return { ...base, kind: 'add', a: w[1] };
      case 'use':
        return { ...base, kind: 'use', a: w[1] };
      case 'transport':
        return { ...base, kind: 'transport', a: w[1], b: w[2] };
      case 'discard':
        return { ...base, kind: 'discard', a: w[1] };
      case 'trade':
        return { ...base, kind: 'trade' };
      case 'centre':
        return { ...base, kind: 'centre', a: w[1] };
      case 'spy':
        return { ...base, kind: 'spy', a: w[1] };
      case 'centre-move':
      case 'centre-transport':
        return { ...base, kind: w[0], a: w[2], b: w[1] };
      default:
        if (PAIR.has(w[0])) return { ...base, kind: w[0] as Kind, n: +w[1], a: w[2], b: w[3] };
        return { ...base, kind: 'other' };
    }
  }) as Act[];
}

// The kinds the map itself offers (clicks and the bar above it).
export const MAP_KINDS = new Set<Kind>(['place', 'claim', 'attack', 'occupy', 'move', 'carry', 'airlift', 'air', 'end', 'done', 'add']);

export const NAME: Record<string, string> = Object.fromEntries(TERRITORIES.map((t) => [t.id, t.name]));
export const CONTINENT_OF: Record<string, string> = Object.fromEntries(TERRITORIES.map((t) => [t.id, t.continent]));

// A hand's card as the view names it ("brasil (circle)", "novayork (CE)+mexico", "n2 (number
// card 2)", "joker") and as commands name it ("brasil", "novayork+mexico", "n2", "joker").
export interface Card {
  label: string;
  id: string; // the command name
  territories: string[];
  figure?: string;
  number?: number;
}

export function parseCard(label: string): Card {
  const num = /^n([123])\b/.exec(label);
  if (num) return { label, id: `n${num[1]}`, territories: [], number: +num[1] };
  if (label.startsWith('joker')) return { label, id: 'joker', territories: [] };
  const fig = /\((triangle|square|circle)\)/.exec(label);
  const territories = label
    .replace(/\s*\([^)]*\)/g, '')
    .split('+')
    .map((s) => s.trim())
    .filter(Boolean);
  return { label, id: territories.join('+'), territories, figure: fig?.[1] };
}

// The dice of the last roll told in `text`, and the air rounds.
export interface Roll {
  from: string;
  to: string;
  attack: number[];
  defence: number[];
  lost: number;
  destroyed: number;
  conquered: boolean;
}
export interface Air {
  target: string;
  rounds: { shot: number; destroyed: number }[];
}

export function lastRoll(text: string): Roll | null {
  const lines = text.split('\n');
  for (let i = lines.length - 1; i >= 0; i--) {
    const m = /attacked (\w+) from (\w+): ([\d-]+) vs ([\d-]+), lost (\d+), destroyed (\d+)/.exec(lines[i]);
    if (m) {
      const conquered = lines.slice(i + 1).some((l) => l.includes(`conquered ${m[1]}`));
      return {
        to: m[1], from: m[2], attack: m[3].split('-').map(Number), defence: m[4].split('-').map(Number),
        lost: +m[5], destroyed: +m[6], conquered,
      };
    }
  }
  return null;
}

export function lastAir(text: string): Air | null {
  const lines = text.split('\n');
  let air: Air | null = null;
  for (const line of lines) {
    const m = /air round over (\w+): (\d+) bombers? shot down, (\d+) arm/.exec(line);
    if (m) {
      if (!air || air.target !== m[1]) air = { target: m[1], rounds: [] };
      air.rounds.push({ shot: +m[2], destroyed: +m[3] });
    } else if (/^\s*(sent|used the card)/.test(line)) {
      air = null;
    }
  }
  return air;
}

// The Information Centres of the view's seats (WAR-II, spy_centre): where each stands, whose it
// is, and its keeper (whoever holds that territory, when that is not its owner).
export function centresOf(view: any): { at: string; owner: string; keeper: string | null }[] {
  const holder: Record<string, string | null> = {};
  for (const tv of (view?.territories ?? []) as { id: string; owner: string | null }[]) holder[tv.id] = tv.owner;
  const out: { at: string; owner: string; keeper: string | null }[] = [];
  for (const s of (view?.seats ?? []) as any[]) {
    const at = s?.information_centre;
    if (!at) continue;
    const keeper = holder[at] ?? null;
    out.push({ at, owner: s.colour, keeper: keeper && keeper !== s.colour ? keeper : null });
  }
  return out;
}
