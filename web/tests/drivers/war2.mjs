// WAR-II plays on the same board as WAR: the same driver (bombers, card uses and the rest included).
export { playMove } from './war.mjs';
