// The Espionage board: the hidden-army board (boards/hidden-army) with Espionage's configuration.
import { hiddenArmyBoard } from '../hidden-army';
import { ESPIONAGE } from './config';

export const espionageBoard = hiddenArmyBoard(ESPIONAGE);
