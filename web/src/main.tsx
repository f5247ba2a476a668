import { render } from 'preact';
import { App } from './app';
import { translateLine, untranslated } from './i18n/moves';
import './style.css';

// For the browser tests: the move list's Portuguese, and the lines it had no form for.
(window as any).__quartelMoves = { translateLine, untranslated };

render(<App />, document.getElementById('app')!);
