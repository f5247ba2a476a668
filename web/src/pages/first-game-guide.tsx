// The first-game guide at the top of the match page's side panel: how to move on this board and
// what wins, in a few lines, shown to a player the first time it plays a game, until dismissed
// (remembered per game in localStorage). Spectators are not shown it.
import { useState } from 'preact/hooks';
import { gameName } from '../games';
import { lang, t } from '../i18n';
import { rulesFor } from '../rules';
import { rulesOpen } from './rules-drawer';

const key = (game: string) => `quartel.guide.${game}`;

function dismissed(game: string) {
  try {
    return localStorage.getItem(key(game)) === 'done';
  } catch {
    return false;
  }
}

export function FirstGameGuide({ game, playing }: { game: string; playing: boolean }) {
  const [hidden, setHidden] = useState(() => dismissed(game));
  const rules = rulesFor(game);
  if (!playing || hidden || !rules) return null;
  const dismiss = () => {
    try {
      localStorage.setItem(key(game), 'done');
    } catch {
      // Private browsing without storage: the guide goes for this page only.
    }
    setHidden(true);
  };
  const lines = rules[lang.value === 'pt' ? 'pt' : 'en'].guide;
  return (
    <section class="first-game-guide" aria-labelledby="guide-title" data-testid="first-game-guide">
      <h2 id="guide-title">{t('guide.title', { game: gameName(game) })}</h2>
      <ul>
        {lines.map((line, i) => (
          <li key={i}>{line}</li>
        ))}
      </ul>
      <div class="guide-actions">
        <button type="button" class="primary" onClick={dismiss} data-testid="guide-dismiss">
          {t('guide.dismiss')}
        </button>
        <button type="button" onClick={() => (rulesOpen.value = true)} data-testid="guide-rules">
          {t('guide.more')}
        </button>
      </div>
    </section>
  );
}
