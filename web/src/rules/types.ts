// A game's rules page as data: a summary, sections of blocks (paragraphs, lists, tables, diagrams)
// and the short first-game guide, in English and Portuguese. view.tsx draws it on the rules page
// and in the match page's rules drawer.
import type { ComponentType } from 'preact';

export type RulesLang = 'en' | 'pt';

// A paragraph may hold **bold** spans; a table's first row is its header.
export type Block =
  | string
  | { list: string[] }
  | { table: string[][] }
  | { diagram: ComponentType<{ lang: RulesLang }>; caption: string };

export interface Section {
  id: string;  // the anchor, the same in both languages
  title: string;
  blocks: Block[];
}

export interface RulesText {
  summary: string;
  sections: Section[];
  guide: string[];  // the first-game guide: how to move on this board, what wins (3-4 lines)
}

export type GameRules = Record<RulesLang, RulesText>;
