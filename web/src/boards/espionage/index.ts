// The Espionage board: the hidden-army board (boards/hidden-army) with Espionage's configuration.
import { hiddenArmyBoard } from '../hidden-army';
import { ESPIONAGE } from './config';
import { espionageWords } from './words';

export const espionageBoard = hiddenArmyBoard(ESPIONAGE, espionageWords);
