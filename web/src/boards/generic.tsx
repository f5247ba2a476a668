import type { BoardModule } from './types';

// A board for a game that has none: the view as text. Only a stopgap while a board is written.
export const generic: BoardModule = {
  Board: ({ state }) => <pre class="generic-view">{JSON.stringify(state.view, null, 1)}</pre>,
  Preview: () => <svg viewBox="0 0 10 10" />,
  words: () => [],
};
