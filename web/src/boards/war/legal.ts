// The legal actions of a WAR / WAR-II decision, read from their facts into what the board and
// panel offer; the last roll and air rounds from the last event's steps.
import type { Fact, LegalAction, WarCardView, WarFact, WarView } from '../../types';
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

// The legal actions of a WAR / WAR-II decision, from their facts, as the board and panel offer
// them. `colours`: the seats' colours (the view's), by which the panel names seats.
export function legalActs(legal: LegalAction[] | undefined, colours: string[]): Act[] {
  return (legal ?? []).map(({ id, text, facts }): Act => {
    const base = { id, text, words: [] as string[] };
    const f = facts as WarFact;
    switch (f.kind) {
      case 'place':
        return { ...base, kind: 'place', n: f.count, a: f.territory };
      case 'claim':
      case 'centre':
        return { ...base, kind: f.kind, a: f.territory };
      case 'attack':
        return { ...base, kind: 'attack', a: f.from, b: f.to, n: f.dice };
      case 'occupy':
        return { ...base, kind: 'occupy', n: f.count };
      case 'move':
      case 'carry':
      case 'airlift':
        return { ...base, kind: f.kind, n: f.count, a: f.from, b: f.to };
      case 'air':
        return { ...base, kind: 'air', a: f.to, n: f.bombers };
      case 'end':
      case 'done':
        return { ...base, kind: f.kind };
      case 'add':
      case 'discard':
        return { ...base, kind: f.kind, a: f.card };
      case 'use':
        return { ...base, kind: 'use', a: f.territory ?? f.card };
      case 'transport':
        return { ...base, kind: 'transport', a: f.from, b: f.to };
      case 'trade':
        return { ...base, kind: 'trade', words: f.cards ?? [] };
      case 'spy':
        return { ...base, kind: 'spy', a: colours[f.seat] };
      case 'centre_move':
      case 'centre_transport':
        return { ...base, kind: f.kind === 'centre_move' ? 'centre-move' : 'centre-transport', a: f.territory, b: colours[f.seat] };
      default:
        return { ...base, kind: 'other' };
    }
  });
}

// The seats' colours, as the view names them: the panel names seats by colour.
export function colours(view: { seats?: { colour: string }[] } | undefined): string[] {
  return (view?.seats ?? []).map((s) => s.colour);
}

// The kinds the map itself offers (clicks and the bar above it).
export const MAP_KINDS = new Set<Kind>(['place', 'claim', 'attack', 'occupy', 'move', 'carry', 'airlift', 'air', 'end', 'done', 'add']);

export const NAME: Record<string, string> = Object.fromEntries(TERRITORIES.map((t) => [t.id, t.name]));
export const CONTINENT_OF: Record<string, string> = Object.fromEntries(TERRITORIES.map((t) => [t.id, t.continent]));

// A card of a hand, as the view gives it (its id as commands name it: "brasil", "novayork+mexico",
// "n2", "joker").
export type Card = WarCardView;

// The last roll among the last event's steps, and the air rounds of its last air attack.
export type Roll = Extract<WarFact, { kind: 'roll' }>;
export interface Air {
  target: string;
  rounds: { shot: number; destroyed: number }[];
}

export function lastRoll(steps: Fact[]): Roll | null {
  for (let i = steps.length - 1; i >= 0; i--) {
    const step = steps[i] as WarFact;
    if (step.kind === 'roll') return step;
  }
  return null;
}

export function lastAir(steps: Fact[]): Air | null {
  let air: Air | null = null;
  for (const fact of steps) {
    const step = fact as WarFact;
    if (step.kind === 'air_round' && step.target) {
      if (!air || air.target !== step.target) air = { target: step.target, rounds: [] };
      air.rounds.push({ shot: step.shot, destroyed: step.destroyed });
    } else if (step.kind === 'air' || step.kind === 'done') {
      air = null; // a new air attack, or a card use or transport done, starts afresh
    }
  }
  return air;
}

// The Information Centres of the view's seats (WAR-II, spy_centre): where each stands, whose it
// is, and its keeper (whoever holds that territory, when that is not its owner).
export function centresOf(view: WarView): { at: string; owner: string; keeper: string | null }[] {
  const holder: Record<string, string | null> = {};
  for (const tv of view.territories) holder[tv.id] = tv.owner;
  const out: { at: string; owner: string; keeper: string | null }[] = [];
  for (const s of view.seats) {
    const at = s.information_centre;
    if (!at) continue;
    const keeper = holder[at] ?? null;
    out.push({ at, owner: s.colour, keeper: keeper && keeper !== s.colour ? keeper : null });
  }
  return out;
}
