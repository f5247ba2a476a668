import type { Entry } from './index';

export const war: Record<string, Entry> = {
};
