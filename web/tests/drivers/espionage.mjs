// Browser test driver for Espionage: the same board as Stratego, so the same clicks (a setup is
// Random then Ready; a turn's two moves are two calls, each one move).
export { playMove } from './stratego.mjs';
