import { useEffect, useState } from 'preact/hooks';
import { fetchGames, heldSeats, listMatches, type MatchSummary } from '../api';
import { boardFor } from '../boards';
import { gameName } from '../games';
import { t } from '../i18n';
import type { GameInfo } from '../types';
import { botLabel } from './match-parts';

function MatchList({ state }: { state: 'running' | 'finished' }) {
  const [matches, setMatches] = useState<MatchSummary[] | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    listMatches(state)
      .then(setMatches)
      .catch((e) => setError(String(e.message)));
  }, [state]);
  const held = heldSeats();
  if (error) return <p class="error">{t('error.server', { message: error })}</p>;
  if (!matches) return <p class="muted">{t('common.loading')}</p>;
  if (!matches.length) return <p class="muted">{t(state === 'running' ? 'home.no_running' : 'home.no_finished')}</p>;
  return (
    <ul class="match-list">
      {matches.map((m) => {
        // The match page finds the seat this browser plays (no seat secret in a link).
        const mine = held.find((h) => h.match === m.match && h.role !== 'invite');
        const href = state === 'finished' ? `/replay/${m.match}` : `/match/${m.match}`;
        return (
          <li key={m.match}>
            <a href={href} data-match={m.match}>
              <strong>{gameName(m.game)}</strong>
              <span class="muted">
                {m.seats.map((s) => (s === 'person' ? t('seat.person') : botLabel(s))).join(' · ')}
              </span>
              <span class="tag">
                {mine ? t('home.your_seat') : state === 'finished' ? t('home.replay') : t('home.watch')}
              </span>
              <span class="muted">{t('home.moves', { n: m.moves })}</span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}

// WAR first: most of Quartel's players come for it.
const ORDER = ['war', 'war2', 'stratego', 'espionage', 'conspiradores', 'dablot'];

export function Home() {
  const [games, setGames] = useState<GameInfo[] | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    fetchGames()
      .then(setGames)
      .catch((e) => setError(String(e.message)));
  }, []);
  return (
    <div class="home">
      <section>
        <h1>{t('home.title')}</h1>
        <p class="lead">{t('home.lead')}</p>
        {error && <p class="error">{t('error.server', { message: error })}</p>}
        <div class="game-grid">
          {games && ORDER.flatMap((id) => games.filter((g) => g.id === id)).map((g) => {
            const { Preview } = boardFor(g.id);
            return (
              <div class="game-card-wrap" key={g.id}>
              <a class="game-card" href={`/new/${g.id}`} data-game={g.id}>
                <div class="preview">
                  <Preview />
                </div>
                <h2>{gameName(g.id)}</h2>
                <p>{t(`game.${g.id}.line`)}</p>
                <p class="muted small">
                  {g.seat_counts.length > 1
                    ? t('home.players_range', { min: g.seat_counts[0], max: g.seat_counts[g.seat_counts.length - 1] })
                    : t('home.players', { n: g.seat_counts[0] })}
                  {g.hidden_information ? ` · ${t('home.hidden')}` : ''}
                  {g.has_chance ? ` · ${t('home.chance')}` : ''}
                </p>
                <span class="button">{t('home.new_game')}</span>
              </a>
              <a class="game-card-rules" href={`/rules/${g.id}`} data-rules={g.id} aria-label={`${t('rules.link')}: ${gameName(g.id)}`}>
                {t('rules.link')}
              </a>
              </div>
            );
          })}
        </div>
      </section>
      <section class="lists">
        <div>
          <h2>{t('home.running')}</h2>
          <MatchList state="running" />
        </div>
        <div>
          <h2>{t('home.finished')}</h2>
          <MatchList state="finished" />
        </div>
      </section>
    </div>
  );
}
