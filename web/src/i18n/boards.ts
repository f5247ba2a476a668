// The boards' sections of the catalogue, one file each.
import { a11y } from './a11y';
import { abstractBoards } from './abstract';
import { stratego } from './stratego';
import { war } from './war';

export const boards = { ...war, ...stratego, ...abstractBoards, ...a11y };
