import type { Entry } from './index';

export const abstractBoards: Record<string, Entry> = {
};
