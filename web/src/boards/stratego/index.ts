// The Stratego board: the hidden-army board (boards/hidden-army) with Stratego's configuration.
import { hiddenArmyBoard } from '../hidden-army';
import { STRATEGO } from './config';

export const strategoBoard = hiddenArmyBoard(STRATEGO);
