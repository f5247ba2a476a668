import type { Entry } from './index';

export const stratego: Record<string, Entry> = {
};
