import type { BoardModule } from '../types';
import { generic } from '../generic';

// To be written: the stratego board.
export const strategoBoard: BoardModule = generic;
