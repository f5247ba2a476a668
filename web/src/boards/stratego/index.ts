// The Stratego board: the hidden-army board (boards/hidden-army) with Stratego's configuration.
import { hiddenArmyBoard } from '../hidden-army';
import { STRATEGO } from './config';
import { strategoWords } from './words';

export const strategoBoard = hiddenArmyBoard(STRATEGO, strategoWords);
