import { render } from 'preact';
import { App } from './app';
import { boardFor } from './boards';
import type { Fact } from './types';
import './style.css';

// For the browser tests: a game's steps in the move list's words.
(window as unknown as { __quartelWords: unknown }).__quartelWords = (game: string, steps: Fact[], seatNames: string[]) =>
  boardFor(game).words(steps, { seatNames });

render(<App />, document.getElementById('app')!);
