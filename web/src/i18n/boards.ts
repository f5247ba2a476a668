// The boards' sections of the catalogue, one file each.
import { abstractBoards } from './abstract';
import { stratego } from './stratego';
import { war } from './war';

import type { Entry } from './index';

// The match page's draw offer, beside its buttons (their section, common.ts, is being edited on
// another branch: these may move there once both are in).
const drawOffer: Record<string, Entry> = {
  'match.draw_offered_yours': [
    'You offered a draw: it stands until the next move.',
    'Você propôs empate: a proposta vale até o próximo lance.',
  ],
  'match.draw_offered': ['{name} offers a draw: it stands until the next move.', '{name} propõe empate: a proposta vale até o próximo lance.'],
};

export const boards = { ...war, ...stratego, ...abstractBoards, ...drawOffer };
