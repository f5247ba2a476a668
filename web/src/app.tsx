import { lang, setLang, t } from './i18n';
import { link, path } from './router';
import { Home } from './pages/home';
import { NewGame } from './pages/new-game';
import { MatchPage } from './pages/match';
import { ReplayPage } from './pages/replay';
import { RulesPage } from './pages/rules';
import { AccountNav, AccountPage } from './pages/account';
import { SignInPage } from './pages/signin';
import { ProfilePage } from './pages/profile';
import { LeaderboardPage, LeaderboardsPage } from './pages/leaderboard';
import { LobbyPage } from './pages/lobby';

function Page() {
  const route = path.value.split('/').filter(Boolean);
  if (route[0] === 'new' && route[1]) return <NewGame game={decodeURIComponent(route[1])} />;
  if (route[0] === 'match' && route[1]) return <MatchPage key={route[1]} id={route[1]} />;
  if (route[0] === 'rules' && route[1]) return <RulesPage key={route[1]} game={decodeURIComponent(route[1])} />;
  if (route[0] === 'replay') return <ReplayPage key={route[1] ?? ''} id={route[1] ?? null} />;
  if (route[0] === 'signin' || route[0] === 'signup') return <SignInPage mode={route[0]} />;
  if (route[0] === 'account') return <AccountPage />;
  if (route[0] === 'player' && route[1]) return <ProfilePage key={route[1]} name={decodeURIComponent(route[1])} />;
  if (route[0] === 'lobby') return <LobbyPage />;
  if (route[0] === 'leaderboards') return <LeaderboardsPage />;
  if (route[0] === 'leaderboard' && route[1]) return <LeaderboardPage key={route[1]} pool={decodeURIComponent(route[1])} />;
  return <Home />;
}

export function App() {
  return (
    <div class="app" onClick={link}>
      <header class="topbar">
        <a href="/" class="brand">
          Quartel
        </a>
        <nav>
          <a href="/lobby" data-testid="nav-lobby">{t('nav.lobby')}</a>
          <a href="/replay">{t('nav.open_record')}</a>
          <a href="/leaderboards">{t('nav.leaderboards')}</a>
          <AccountNav />
          <select
            aria-label={t('nav.language')}
            value={lang.value}
            onChange={(e) => setLang((e.target as HTMLSelectElement).value as 'en' | 'pt')}
          >
            <option value="en">English</option>
            <option value="pt">Português (Brasil)</option>
          </select>
        </nav>
      </header>
      <main>
        <Page />
      </main>
    </div>
  );
}
