import type { BoardModule } from '../types';
import { generic } from '../generic';

// To be written: the war board.
export const warBoard: BoardModule = generic;
