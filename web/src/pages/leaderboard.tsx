// /leaderboards: every rating pool with its first few players; /leaderboard/POOL: the pool's
// table (rank, name, rating, games). Provisional ratings are marked "?"; the bots, which have
// accounts and ratings too, are marked as bots. Only rated matches between accounts count.
import { useEffect, useState } from 'preact/hooks';
import { ApiError } from '../api';
import { t } from '../i18n';
import { account, fetchLeaderboard, fetchPools, type LeaderRow } from '../session';
import { poolName, RatingValue } from './profile';
import './accounts.css';

function Table({ rows, pool, limit }: { rows: LeaderRow[]; pool: string; limit?: number }) {
  const me = account.value?.name.toLowerCase();
  const shown = limit ? rows.slice(0, limit) : rows;
  return (
    <table class="leaderboard" data-testid="leaderboard" data-pool={pool}>
      <thead>
        <tr>
          <th scope="col" class="rank">
            {t('board.rank')}
          </th>
          <th scope="col">{t('board.player')}</th>
          <th scope="col">{t('profile.rating')}</th>
          <th scope="col">{t('profile.games')}</th>
        </tr>
      </thead>
      <tbody>
        {shown.map((r, i) => (
          <tr key={r.name} class={r.name.toLowerCase() === me ? 'me' : undefined} data-name={r.name}>
            <td class="rank">{i + 1}</td>
            <th scope="row">
              <a href={`/player/${encodeURIComponent(r.name)}`}>{r.name}</a>
              {r.bot && <span class="tag bot-tag">{t('profile.bot')}</span>}
            </th>
            <td>
              <RatingValue rating={r.rating} provisional={r.provisional} />
            </td>
            <td>{r.games}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function LeaderboardsPage() {
  const [pools, setPools] = useState<{ pool: string; game: string; rows: LeaderRow[] | null }[] | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    document.title = `${t('board.title')} · Quartel`;
    fetchPools()
      .then((list) => {
        const loaded = list.map((p) => ({ ...p, rows: null as LeaderRow[] | null }));
        setPools(loaded);
        // Each pool's first players, as they come.
        list.forEach((p, i) =>
          fetchLeaderboard(p.pool)
            .then((b) => setPools((now) => now && now.map((q, j) => (j === i ? { ...q, rows: b.players } : q))))
            .catch(() => setPools((now) => now && now.map((q, j) => (j === i ? { ...q, rows: [] } : q)))),
        );
      })
      .catch((e) => setError(t('error.server', { message: e.message })));
  }, []);
  if (error) return <p class="error">{error}</p>;
  if (!pools) return <p class="muted">{t('common.loading')}</p>;
  return (
    <div class="leaderboards">
      <h1>{t('board.title')}</h1>
      <p class="lead">{t('board.lead')}</p>
      <div class="board-grid">
        {pools.map((p) => (
          <section key={p.pool} class="board-card" data-pool={p.pool}>
            <h2>
              <a href={`/leaderboard/${encodeURIComponent(p.pool)}`}>{poolName(p.pool, p.game)}</a>
            </h2>
            {!p.rows ? (
              <p class="muted">{t('common.loading')}</p>
            ) : p.rows.length ? (
              <Table rows={p.rows} pool={p.pool} limit={5} />
            ) : (
              <p class="muted">{t('board.empty')}</p>
            )}
            {p.rows && p.rows.length > 5 && (
              <a href={`/leaderboard/${encodeURIComponent(p.pool)}`}>{t('board.more', { n: p.rows.length })}</a>
            )}
          </section>
        ))}
      </div>
    </div>
  );
}

export function LeaderboardPage({ pool }: { pool: string }) {
  const [rows, setRows] = useState<LeaderRow[] | null>(null);
  const [game, setGame] = useState<string | undefined>(undefined);
  const [error, setError] = useState('');
  useEffect(() => {
    document.title = `${poolName(pool)} · ${t('board.title')} · Quartel`;
    setRows(null);
    setError('');
    fetchLeaderboard(pool)
      .then((b) => setRows(b.players))
      .catch((e) => setError(e instanceof ApiError && (e.status === 404 || e.status === 400) ? t('board.no_pool', { pool }) : t('error.server', { message: e.message })));
    fetchPools()
      .then((list) => setGame(list.find((p) => p.pool === pool)?.game))
      .catch(() => {});
  }, [pool]);
  return (
    <div class="leaderboard-page">
      <p>
        <a href="/leaderboards">← {t('board.all')}</a>
      </p>
      <h1>{poolName(pool, game)}</h1>
      {error ? (
        <p class="error">{error}</p>
      ) : !rows ? (
        <p class="muted">{t('common.loading')}</p>
      ) : rows.length ? (
        <>
          <Table rows={rows} pool={pool} />
          {rows.some((r) => r.provisional) && <p class="muted small">{t('rating.provisional_note')}</p>}
        </>
      ) : (
        <p class="muted">{t('board.empty')}</p>
      )}
    </div>
  );
}
