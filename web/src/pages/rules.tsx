// /rules/GAME: how to play one game, in the interface's language (texts in src/rules/<game>.ts),
// with links to start a game and to the other games' rules.
import { useEffect } from 'preact/hooks';
import { gameName } from '../games';
import { t } from '../i18n';
import { RULES, rulesFor } from '../rules';
import { RulesText } from '../rules/view';

export function RulesPage({ game }: { game: string }) {
  useEffect(() => {
    document.title = rulesFor(game) ? `${t('rules.title', { game: gameName(game) })} · Quartel` : 'Quartel';
    return () => {
      document.title = 'Quartel';
    };
  }, [game]);
  if (!rulesFor(game)) return <p class="error">{t('rules.unknown', { game })}</p>;
  const others = Object.keys(RULES).filter((g) => g !== game);
  return (
    <article class="rules-page" data-game={game}>
      <h1>{t('rules.title', { game: gameName(game) })}</h1>
      <p>
        <a class="button primary" href={`/new/${game}`} data-testid="rules-new-game">
          {t('rules.new_game', { game: gameName(game) })}
        </a>
      </p>
      <RulesText game={game} />
      <nav class="rules-others" aria-label={t('rules.other_games')}>
        <h2>{t('rules.other_games')}</h2>
        {others.map((g) => (
          <a key={g} href={`/rules/${g}`} data-rules={g}>
            {gameName(g)}
          </a>
        ))}
      </nav>
    </article>
  );
}
