import type { BoardModule } from '../types';
import { generic } from '../generic';

// To be written: the conspiradores board.
export const conspiradoresBoard: BoardModule = generic;
