import type { BoardModule } from '../types';
import { generic } from '../generic';

// To be written: the dablot board.
export const dablotBoard: BoardModule = generic;
