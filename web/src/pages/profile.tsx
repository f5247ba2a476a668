// /player/NAME: a player's page: their rating in each pool (provisional ones marked "?", as
// lichess does) with its history drawn per pool, the games awaiting their move, and their running
// and finished matches. Names are the server's text, rendered as text.
import { useEffect, useState } from 'preact/hooks';
import { ApiError } from '../api';
import { gameName } from '../games';
import { has, lang, t } from '../i18n';
import { account, fetchProfile, toDate, type Profile, type ProfileMatch, type Rating } from '../session';
import { botLabel } from './match-parts';
import { RatingChart } from './rating-chart';
import './accounts.css';

export function poolName(pool: string, game?: string) {
  if (has(`pool.${pool}`)) return t(`pool.${pool}`);
  return game && has(`game.${game}.name`) ? `${gameName(game)} (${pool})` : pool;
}

// "1620" or "1500?" (provisional: few games yet, the rating still moving much).
export function RatingValue({ rating, provisional }: { rating: number; provisional: boolean }) {
  return (
    <span class="rating" data-provisional={provisional ? 'true' : 'false'}>
      {Math.round(rating)}
      {provisional && (
        <>
          <span class="provisional" aria-hidden="true" title={t('rating.provisional_help')}>
            ?
          </span>
          <span class="sr-only"> ({t('rating.provisional')})</span>
        </>
      )}
    </span>
  );
}

function dayText(at: string | number) {
  const d = toDate(at);
  return Number.isFinite(d.getTime()) ? d.toLocaleDateString(lang.value === 'pt' ? 'pt-BR' : 'en-GB', { day: 'numeric', month: 'short', year: 'numeric' }) : '';
}

// The seats of a match: the accounts' names (each a link to its page) where the server gives
// them, a bot's level, or "person" (a guest).
function Seats({ m, me }: { m: ProfileMatch; me: string }) {
  return (
    <span class="seats">
      {m.seats.map((kind, i) => {
        const name = m.players?.[i];
        const label = name ? (
          name.toLowerCase() === me.toLowerCase() ? (
            <strong>{name}</strong>
          ) : (
            <a href={`/player/${encodeURIComponent(name)}`}>{name}</a>
          )
        ) : kind === 'person' ? (
          t('seat.person')
        ) : (
          botLabel(kind)
        );
        return (
          <span key={i}>
            {i > 0 && ' · '}
            {label}
          </span>
        );
      })}
    </span>
  );
}

// `mine`: the profile is the viewer's own (a running match is theirs to play).
function MatchRow({ m, me, finished, mine }: { m: ProfileMatch; me: string; finished: boolean; mine: boolean }) {
  const seat = m.players?.findIndex((p) => p.toLowerCase() === me.toLowerCase()) ?? -1;
  const result = finished && seat >= 0 ? m.result?.[seat] : undefined;
  return (
    <li data-match={m.match}>
      <strong>{gameName(m.game)}</strong>
      <Seats m={m} me={me} />
      {m.rated && <span class="tag">{t('profile.rated')}</span>}
      {result && <span class={`tag result-${result}`}>{t(`result.${result}`)}</span>}
      <span class="muted small">
        {dayText(m.created_at)}
        {typeof m.moves === 'number' && ` · ${t('home.moves', { n: m.moves })}`}
      </span>
      <span class="links">
        <a href={`/match/${m.match}`} data-testid="match-link">
          {finished ? t('profile.open_match') : mine && seat >= 0 ? t('profile.play') : t('home.watch')}
        </a>
        {finished && (
          <a href={`/replay/${m.match}`} data-testid="replay-link">
            {t('home.replay')}
          </a>
        )}
      </span>
    </li>
  );
}

function RatingsTable({ ratings }: { ratings: Rating[] }) {
  if (!ratings.length) return <p class="muted">{t('profile.no_ratings')}</p>;
  return (
    <table class="ratings" data-testid="ratings">
      <thead>
        <tr>
          <th scope="col">{t('profile.pool')}</th>
          <th scope="col">{t('profile.rating')}</th>
          <th scope="col">{t('profile.games')}</th>
        </tr>
      </thead>
      <tbody>
        {ratings.map((r) => (
          <tr key={r.pool} data-pool={r.pool}>
            <th scope="row">
              <a href={`/leaderboard/${encodeURIComponent(r.pool)}`}>{poolName(r.pool, r.game)}</a>
            </th>
            <td>
              <RatingValue rating={r.rating} provisional={r.provisional} />
              <span class="muted small"> ± {Math.round(r.deviation)}</span>
            </td>
            <td>{r.games}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ProfilePage({ name }: { name: string }) {
  const [profile, setProfile] = useState<Profile | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    document.title = `${name} · Quartel`;
    setProfile(null);
    setError('');
    fetchProfile(name)
      .then(setProfile)
      .catch((e) => setError(e instanceof ApiError && e.status === 404 ? t('profile.no_player', { name }) : t('error.server', { message: e.message })));
  }, [name]);

  if (error) return <p class="error">{error}</p>;
  if (!profile) return <p class="muted">{t('common.loading')}</p>;
  const mine = account.value?.name.toLowerCase() === profile.name.toLowerCase();
  // The server gives {match, game, seat} (or a bare id): the running list has the rest.
  const awaiting = profile.awaiting.map((a) => {
    const id = typeof a === 'string' ? a : a.match;
    return profile.running.find((m) => m.match === id) ?? ({ match: id, game: typeof a === 'string' ? undefined : a.game } as ProfileMatch);
  });
  const pools = Object.entries(profile.history ?? {}).filter(([, points]) => points.length > 0);
  const gameOf = (pool: string) => profile.ratings.find((r) => r.pool === pool)?.game;

  return (
    <div class="profile" data-testid="profile">
      <div class="profile-head">
        <h1 data-testid="profile-name">{profile.name}</h1>
        {profile.bot && <span class="tag bot-tag">{botLabel(profile.bot)}</span>}
        {profile.created_at && <span class="muted">{t('profile.since', { date: dayText(profile.created_at) })}</span>}
        {mine && (
          <a href="/account" class="settings-link">
            {t('account.title')}
          </a>
        )}
      </div>

      <section>
        <h2>{t('profile.ratings')}</h2>
        <RatingsTable ratings={profile.ratings} />
        {profile.ratings.some((r) => r.provisional) && <p class="muted small">{t('rating.provisional_note')}</p>}
      </section>

      {pools.length > 0 && (
        <section>
          <h2>{t('profile.history')}</h2>
          <div class="charts">
            {pools.map(([pool, points]) => {
              const sorted = [...points].sort((a, b) => toDate(a.at).getTime() - toDate(b.at).getTime());
              return (
                <figure key={pool} class="chart" data-pool={pool}>
                  <figcaption>{poolName(pool, gameOf(pool))}</figcaption>
                  <RatingChart points={sorted} title={poolName(pool, gameOf(pool))} id={`chart-${pool}`} />
                </figure>
              );
            })}
          </div>
        </section>
      )}

      {!profile.bot && (
        <section>
          <h2>{mine ? t('profile.awaiting_yours') : t('profile.awaiting', { name: profile.name })}</h2>
          {awaiting.length ? (
            <ul class="profile-matches" data-testid="awaiting">
              {awaiting.map((m) => (
                <li key={m.match} data-match={m.match}>
                  <strong>{m.game ? gameName(m.game) : m.match}</strong>
                  {m.seats && <Seats m={m} me={profile.name} />}
                  <span class="links">
                    <a href={`/match/${m.match}`}>{mine ? t('profile.play') : t('home.watch')}</a>
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p class="muted">{t('profile.none_awaiting')}</p>
          )}
        </section>
      )}

      <div class="profile-lists">
        <section>
          <h2>{t('home.running')}</h2>
          {profile.running.length ? (
            <ul class="profile-matches" data-testid="running">
              {profile.running.map((m) => (
                <MatchRow key={m.match} m={m} me={profile.name} finished={false} mine={mine} />
              ))}
            </ul>
          ) : (
            <p class="muted">{t('home.no_running')}</p>
          )}
        </section>
        <section>
          <h2>{t('home.finished')}</h2>
          {profile.finished.length ? (
            <ul class="profile-matches" data-testid="finished">
              {profile.finished.map((m) => (
                <MatchRow key={m.match} m={m} me={profile.name} finished mine={mine} />
              ))}
            </ul>
          ) : (
            <p class="muted">{t('home.no_finished')}</p>
          )}
        </section>
      </div>
    </div>
  );
}
