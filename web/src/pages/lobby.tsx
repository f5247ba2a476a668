// The lobby (/lobby; docs/PROTOCOL.md, "Lobby"): the seeks this player may see, live (they come
// and go without a reload: lobby.ts keeps one WebSocket subscribed), its own seeks with Cancel,
// the invitations to it with Accept and Decline, a form to offer a match (a seek, or an invitation
// to one player by name), its games awaiting its move (counted in the page's title) and the
// running matches to watch. When a table is full the server hands each player its seat
// (match_ready): the seat is kept as the match page keeps it, and the page goes to the match.
import { useEffect, useMemo, useState } from 'preact/hooks';
import { fetchGames } from '../api';
import { BOT_LEVELS, gameName, ladderRating, seatName } from '../games';
import { has, t } from '../i18n';
import { LobbyConnection, entriesOf, type LiveClockSpec, type LobbyMatch, type Seek, type SeekRequest } from '../lobby';
import { navigate } from '../router';
import { account, poolOf, ratingPools } from '../session';
import type { GameInfo, GameOption } from '../types';
import { formatSpan } from './clocks';
import { OptionField, typedDefault } from './new-game';
import './lobby.css';

const MINUTE = 60000;
const DAY = 86400000;

// "5 + 3", "3 days a move", "no clock".
export function clockWords(clock: LiveClockSpec | string | null | undefined) {
  if (!clock || typeof clock === 'string') return clock === 'live' ? t('lobby.clock_live') : clock === 'correspondence' ? t('lobby.clock_correspondence') : t('lobby.no_clock');
  if (clock.kind === 'live') {
    if ((clock.initial_ms ?? 0) < MINUTE) return t('lobby.clock_live_seconds', { t: Math.round((clock.initial_ms ?? 0) / 1000), s: Math.round((clock.increment_ms ?? 0) / 1000) });
    const minutes = (clock.initial_ms ?? 0) / MINUTE;
    const shown = Number.isInteger(minutes) ? String(minutes) : minutes.toFixed(minutes < 1 ? 2 : 1).replace(/0+$/, '');
    return t('lobby.clock_live_spec', { m: shown, s: Math.round((clock.increment_ms ?? 0) / 1000) });
  }
  if (clock.kind === 'correspondence') return t('lobby.clock_per_move', { time: formatSpan(clock.per_move_ms ?? 0) });
  return t('lobby.no_clock');
}

function optionWords(game: string, options: Record<string, string>) {
  const words: string[] = [];
  for (const [name, value] of Object.entries(options)) {
    if (name === 'players' || name.startsWith('max_') || name === 'map') continue;
    const key = `option.${game}.${name}`;
    const label = has(key) ? t(key) : name;
    if (value === 'true') words.push(label);
    else if (value !== 'false') words.push(`${label}: ${has(`${key}.choice.${value}`) ? t(`${key}.choice.${value}`) : value}`);
  }
  return words;
}

function botWords(spec: string) {
  const level = BOT_LEVELS.find((l) => l.spec === spec);
  return level ? t(level.short) : spec;
}

function SeekLine({ seek, games, actions }: { seek: Seek; games: GameInfo[]; actions: preact.ComponentChildren }) {
  const names = games.find((g) => g.id === seek.game)?.seat_names?.[String(seek.seats)] ?? [];
  const bots = entriesOf(seek.bots);
  const options = optionWords(seek.game, Object.fromEntries(entriesOf(seek.options))).filter((w) => !/^[^:]+: (false|0)$/.test(w));
  return (
    <li class="seek" data-testid="seek" data-seek={seek.seek} data-game={seek.game}>
      <div class="seek-main">
        <strong>{gameName(seek.game)}</strong>
        {seek.seats > 2 && <span class="tag">{t('lobby.players_n', { n: seek.seats })}</span>}
        <span class={`tag ${seek.rated ? 'tag-rated' : ''}`}>{seek.rated ? t('lobby.rated') : t('lobby.casual')}</span>
        <span class="tag" data-testid="seek-clock">
          {clockWords(seek.clock)}
        </span>
      </div>
      <div class="seek-detail small">
        <span data-testid="seek-by">
          {seek.by ?? t('lobby.guest')}
          {seek.rating !== null && ` (${seek.rating})`}
        </span>
        {' · '}
        {seek.seat >= 0 ? t('lobby.plays', { seat: seatName(names[seek.seat] ?? String(seek.seat + 1)) }) : t('lobby.seat_random')}
        {(seek.min_rating !== null || seek.max_rating !== null) && (
          <>
            {' · '}
            <span data-testid="seek-range">{t('lobby.range', { min: seek.min_rating ?? '–', max: seek.max_rating ?? '–' })}</span>
          </>
        )}
        {bots.length > 0 && (
          <>
            {' · '}
            {t('lobby.bots_at', { list: bots.map(([s, b]) => `${seatName(names[Number(s)] ?? s)}: ${botWords(b)}`).join(', ') })}
          </>
        )}
        {seek.players.length > 1 && (
          <>
            {' · '}
            {t('lobby.seated', { list: seek.players.map((p) => p ?? t('lobby.guest')).join(', ') })}
          </>
        )}
        {seek.open > 0 && seek.seats > 2 && (
          <>
            {' · '}
            {t('lobby.open_n', { n: seek.open })}
          </>
        )}
        {options.length > 0 && <span class="seek-options"> · {options.join(' · ')}</span>}
      </div>
      <div class="seek-actions">{actions}</div>
    </li>
  );
}

function MatchLine({ match }: { match: LobbyMatch }) {
  const players = match.players.map((p, i) => p ?? (match.seats[i]?.startsWith('bot') ? t('seat.bot') : t('lobby.guest')));
  return (
    <li>
      <a href={`/match/${match.match}`} data-testid="lobby-match">
        <strong>{gameName(match.game)}</strong>
        <span>{players.join(' · ')}</span>
        <span class="muted small">{t('home.moves', { n: match.moves })}</span>
        {match.rated && <span class="tag tag-rated">{t('lobby.rated')}</span>}
        {match.clock && match.clock !== 'none' && <span class="tag">{clockWords(match.clock)}</span>}
      </a>
    </li>
  );
}

type SeatChoice = 'person' | string;  // or a bot's spec

// The form that offers a match: a seek, or an invitation when a name is given.
function SeekForm({ games, conn, pools }: { games: GameInfo[]; conn: LobbyConnection; pools: string[] }) {
  const me = account.value;
  const [gameId, setGameId] = useState('stratego');
  const game = games.find((g) => g.id === gameId) ?? games[0];
  const [options, setOptions] = useState<Record<string, unknown>>({});
  const [count, setCount] = useState(2);
  const [seat, setSeat] = useState(-1);
  const [others, setOthers] = useState<SeatChoice[]>([]);
  const [clockKind, setClockKind] = useState<'none' | 'live' | 'correspondence'>('live');
  const [minutes, setMinutes] = useState('10');
  const [increment, setIncrement] = useState('5');
  const [days, setDays] = useState('3');
  const [rated, setRated] = useState(false);
  const [min, setMin] = useState('');
  const [max, setMax] = useState('');
  const [invite, setInvite] = useState('');
  const [note, setNote] = useState('');

  useEffect(() => {
    if (!game) return;
    setOptions(Object.fromEntries(game.options.map((o) => [o.name, typedDefault(o)])));
    const n = game.seat_counts.includes(2) ? 2 : game.seat_counts[0];
    setCount(n);
    setSeat(-1);
    setOthers(Array.from({ length: n }, () => 'person'));
  }, [game?.id]);
  if (!game) return null;

  const names = game.seat_names?.[String(count)] ?? [];
  const bots = Object.fromEntries(others.map((c, i) => [String(i), c]).filter(([i, c]) => c !== 'person' && Number(i) !== seat)) as Record<string, string>;
  const hasBots = Object.keys(bots).length > 0;
  const pool = poolOf(game.id, options, count, pools);
  const canRate = Boolean(me) && pool !== undefined && !hasBots;
  const inviting = Boolean(me) && invite.trim() !== '';
  const levels = BOT_LEVELS.filter((l) => game.bots.some((b) => b.name === l.bot));
  const isCap = (o: GameOption) => o.name.startsWith('max_');
  const shown = game.options.filter((o) => o.name !== 'players' && o.name !== 'map' && !isCap(o));

  const changeCount = (n: number) => {
    setCount(n);
    setSeat((s) => (s >= n ? -1 : s));
    setOthers(Array.from({ length: n }, (_, i) => others[i] ?? 'person'));
  };

  function submit(e: Event) {
    e.preventDefault();
    setNote('');
    let clock: LiveClockSpec | null = null;
    if (clockKind === 'live') clock = { kind: 'live', initial_ms: Math.round(Number(minutes) * MINUTE), increment_ms: Math.round(Number(increment) * 1000) };
    if (clockKind === 'correspondence') clock = { kind: 'correspondence', per_move_ms: Math.round(Number(days) * DAY) };
    const chosen: Record<string, unknown> = { ...options };
    if (game.options.some((o) => o.name === 'players')) chosen.players = count;
    else delete chosen.players;
    const request: SeekRequest = {
      game: game.id,
      options: chosen,
      seat,
      bots,
      clock,
      rated: canRate && rated,
      min_rating: !inviting && me && pool && min.trim() !== '' ? Number(min) : null,
      max_rating: !inviting && me && pool && max.trim() !== '' ? Number(max) : null,
    };
    if (inviting) request.to = invite.trim();
    if (conn.seek(request)) setNote(inviting ? t('lobby.invite_sent', { name: invite.trim() }) : t('lobby.seek_sent'));
  }

  return (
    <form class="seek-form" onSubmit={submit} data-testid="seek-form" aria-labelledby="seek-form-title">
      <h2 id="seek-form-title">{t('lobby.create')}</h2>
      <div class="option">
        <label for="seek-game">{t('lobby.game')}</label>
        <select id="seek-game" value={game.id} onChange={(e) => setGameId((e.target as HTMLSelectElement).value)}>
          {games.map((g) => (
            <option key={g.id} value={g.id}>
              {gameName(g.id)}
            </option>
          ))}
        </select>
      </div>
      {game.seat_counts.length > 1 && (
        <div class="option">
          <label for="seek-count">{t('new.players')}</label>
          <select id="seek-count" value={String(count)} onChange={(e) => changeCount(Number((e.target as HTMLSelectElement).value))}>
            {game.seat_counts.map((n) => (
              <option key={n} value={String(n)}>
                {n}
              </option>
            ))}
          </select>
        </div>
      )}
      <div class="option">
        <label for="seek-seat">{t('lobby.your_seat')}</label>
        <select id="seek-seat" value={String(seat)} onChange={(e) => setSeat(Number((e.target as HTMLSelectElement).value))}>
          <option value="-1">{t('lobby.seat_random_choice')}</option>
          {Array.from({ length: count }, (_, i) => (
            <option key={i} value={String(i)} disabled={others[i] !== undefined && others[i] !== 'person'}>
              {names[i] !== undefined ? seatName(names[i]) : t('new.seat', { n: i + 1 })}
            </option>
          ))}
        </select>
      </div>
      {count > 2 &&
        Array.from({ length: count }, (_, i) =>
          i === seat ? null : (
            <div class="option" key={i}>
              <label for={`seek-other-${i}`}>{names[i] !== undefined ? seatName(names[i]) : t('new.seat', { n: i + 1 })}</label>
              <select id={`seek-other-${i}`} value={others[i] ?? 'person'} onChange={(e) => setOthers(others.map((o, j) => (j === i ? (e.target as HTMLSelectElement).value : o)))}>
                <option value="person">{t('lobby.a_player')}</option>
                {levels.map((l) => (
                  <option key={l.spec} value={l.spec}>
                    {t(l.menu)}
                    {ladderRating(game, l.spec)}
                  </option>
                ))}
              </select>
            </div>
          ),
        )}
      {count > 2 && <p class="help">{t('lobby.bots_help')}</p>}
      {shown.length > 0 && (
        <details class="seek-options-box">
          <summary>{t('new.options')}</summary>
          {shown.map((o) => (
            <OptionField key={o.name} game={game.id} option={o} value={options[o.name]} set={(v) => setOptions({ ...options, [o.name]: v })} />
          ))}
        </details>
      )}
      <fieldset class="seek-clock">
        <legend>{t('lobby.clock')}</legend>
        <div class="radio-row" role="radiogroup" aria-label={t('lobby.clock')}>
          {(['none', 'live', 'correspondence'] as const).map((k) => (
            <label key={k}>
              <input type="radio" name="seek-clock" value={k} checked={clockKind === k} onChange={() => setClockKind(k)} data-testid={`clock-kind-${k}`} />{' '}
              {t(`lobby.clock_kind_${k}`)}
            </label>
          ))}
        </div>
        {clockKind === 'live' && (
          <div class="clock-fields">
            <label>
              {t('lobby.minutes')}{' '}
              <input id="seek-minutes" type="number" min="0" max="180" step="any" value={minutes} onInput={(e) => setMinutes((e.target as HTMLInputElement).value)} />
            </label>
            <label>
              {t('lobby.increment')}{' '}
              <input id="seek-increment" type="number" min="0" max="180" value={increment} onInput={(e) => setIncrement((e.target as HTMLInputElement).value)} />
            </label>
          </div>
        )}
        {clockKind === 'correspondence' && (
          <div class="clock-fields">
            <label>
              {t('lobby.days')}{' '}
              <input id="seek-days" type="number" min="1" max="14" value={days} onInput={(e) => setDays((e.target as HTMLInputElement).value)} />
            </label>
          </div>
        )}
      </fieldset>
      <fieldset class="seek-who">
        <legend>{t('lobby.who')}</legend>
        {canRate ? (
          <div class="option">
            <label for="seek-rated">{t('lobby.rated_label')}</label>
            <input id="seek-rated" type="checkbox" checked={rated} onChange={(e) => setRated((e.target as HTMLInputElement).checked)} />
            <p class="help">{t('lobby.rated_help', { pool: t(`pool.${pool}`) })}</p>
          </div>
        ) : (
          <p class="help">{me ? (pool === undefined ? t('lobby.not_rated_game') : t('lobby.not_rated_bots')) : t('lobby.rated_sign_in')}</p>
        )}
        {me && pool !== undefined && !inviting && (
          <div class="range-fields">
            <label>
              {t('lobby.min_rating')}{' '}
              <input id="seek-min" type="number" min="0" max="5000" step="1" value={min} placeholder="–" onInput={(e) => setMin((e.target as HTMLInputElement).value)} />
            </label>
            <label>
              {t('lobby.max_rating')}{' '}
              <input id="seek-max" type="number" min="0" max="5000" step="1" value={max} placeholder="–" onInput={(e) => setMax((e.target as HTMLInputElement).value)} />
            </label>
            <p class="help">{t('lobby.range_help')}</p>
          </div>
        )}
        {me && (
          <div class="option">
            <label for="seek-invite">{t('lobby.invite')}</label>
            <input id="seek-invite" type="text" autocomplete="off" maxLength={20} value={invite} placeholder={t('lobby.invite_placeholder')} onInput={(e) => setInvite((e.target as HTMLInputElement).value)} />
            <p class="help">{t('lobby.invite_help')}</p>
          </div>
        )}
      </fieldset>
      <button type="submit" class="primary" data-testid="seek-submit">
        {inviting ? t('lobby.send_invite') : t('lobby.post')}
      </button>
      {note && (
        <p class="muted small" role="status">
          {note}
        </p>
      )}
    </form>
  );
}

export function LobbyPage() {
  const conn = useMemo(() => new LobbyConnection((match) => navigate(`/match/${match}`)), []);
  useEffect(() => () => conn.close(), [conn]);
  const [games, setGames] = useState<GameInfo[]>([]);
  const [pools, setPools] = useState<string[]>([]);
  useEffect(() => void fetchGames().then(setGames, () => {}), []);
  useEffect(() => void ratingPools().then(setPools, () => {}), []);
  const me = account.value;
  const seeks = conn.seeks.value;
  const awaiting = conn.awaiting.value;
  const mine = (s: Seek) => (me ? s.by === me.name : false) || conn.posted.value.has(s.seek);
  const invitations = seeks.filter((s) => s.invite && !mine(s));
  const own = seeks.filter(mine);
  const open = seeks.filter((s) => !s.invite && !mine(s));
  const error = conn.error.value;

  useEffect(() => {
    document.title = `${awaiting.length > 0 ? `(${awaiting.length}) ` : ''}${t('lobby.title')} · Quartel`;
  }, [awaiting.length, me?.name]);
  useEffect(() => () => void (document.title = 'Quartel'), []);

  return (
    <div class="lobby" data-status={conn.status.value}>
      <div class="lobby-head">
        <h1>{t('lobby.title')}</h1>
        <span class={`conn conn-${conn.status.value}`} role="status" data-testid="lobby-status">
          {t(`match.status_${conn.status.value}`)}
        </span>
      </div>
      {!me && (
        <p class="muted small lobby-guest">
          {t('lobby.guest_note')} <a href="/signin">{t('account.signin')}</a> · <a href="/signup">{t('account.signup')}</a>
        </p>
      )}
      {error && (
        <p class="error" role="alert" data-testid="lobby-error">
          {error.code === 'offline' ? t('match.offline') : t('lobby.refused', { message: error.message })}
        </p>
      )}
      {conn.declined.value !== null && (
        <p class="muted" role="status">
          {t('lobby.declined', { name: conn.declined.value })}
        </p>
      )}
      <div class="lobby-body">
        <div class="lobby-lists">
          {invitations.length > 0 && (
            <section class="lobby-section invitations" aria-labelledby="lobby-invitations">
              <h2 id="lobby-invitations">{t('lobby.invitations')}</h2>
              <ul class="seek-list" data-testid="invitations">
                {invitations.map((s) => (
                  <SeekLine
                    key={s.seek}
                    seek={s}
                    games={games}
                    actions={
                      <>
                        <button class="primary" data-testid="invitation-accept" onClick={() => conn.accept(s.seek)}>
                          {t('lobby.accept')}
                        </button>
                        <button data-testid="invitation-decline" onClick={() => conn.decline(s.seek)}>
                          {t('lobby.decline')}
                        </button>
                      </>
                    }
                  />
                ))}
              </ul>
            </section>
          )}
          <section class="lobby-section" aria-labelledby="lobby-seeks">
            <h2 id="lobby-seeks">{t('lobby.seeks')}</h2>
            {open.length === 0 ? (
              <p class="muted" data-testid="no-seeks">
                {t('lobby.no_seeks')}
              </p>
            ) : (
              <ul class="seek-list" data-testid="seeks">
                {open.map((s) => {
                  const waiting = conn.waiting.value.get(s.seek);
                  return (
                    <SeekLine
                      key={s.seek}
                      seek={s}
                      games={games}
                      actions={
                        waiting !== undefined ? (
                          <>
                            <span class="muted small">{t('lobby.waiting_n', { n: waiting })}</span>
                            <button onClick={() => conn.cancel(s.seek)}>{t('lobby.leave_table')}</button>
                          </>
                        ) : (
                          <button class="primary" data-testid="seek-accept" onClick={() => conn.accept(s.seek)}>
                            {t('lobby.accept')}
                          </button>
                        )
                      }
                    />
                  );
                })}
              </ul>
            )}
          </section>
          {own.length > 0 && (
            <section class="lobby-section" aria-labelledby="lobby-own">
              <h2 id="lobby-own">{t('lobby.yours')}</h2>
              <ul class="seek-list" data-testid="own-seeks">
                {own.map((s) => (
                  <SeekLine
                    key={s.seek}
                    seek={s}
                    games={games}
                    actions={
                      <>
                        <span class="muted small">{s.invite ? t('lobby.invited', { name: s.invite }) : t('lobby.waiting')}</span>
                        <button data-testid="seek-cancel" onClick={() => conn.cancel(s.seek)}>
                          {t('lobby.cancel')}
                        </button>
                      </>
                    }
                  />
                ))}
              </ul>
            </section>
          )}
          {me && (
            <section class="lobby-section" aria-labelledby="lobby-awaiting">
              <h2 id="lobby-awaiting">{t('lobby.awaiting', { n: awaiting.length })}</h2>
              {awaiting.length === 0 ? (
                <p class="muted">{t('lobby.awaiting_none')}</p>
              ) : (
                <ul class="match-list" data-testid="awaiting">
                  {awaiting.map((a) => (
                    <li key={a.match}>
                      <a href={`/match/${a.match}`}>
                        <strong>{gameName(a.game)}</strong> <span class="tag">{t('lobby.your_move')}</span>
                      </a>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          )}
          <section class="lobby-section" aria-labelledby="lobby-running">
            <h2 id="lobby-running">{t('lobby.running')}</h2>
            {conn.matches.value.length === 0 ? (
              <p class="muted">{t('lobby.running_none')}</p>
            ) : (
              <ul class="match-list" data-testid="running">
                {conn.matches.value.map((m) => (
                  <MatchLine key={m.match} match={m} />
                ))}
              </ul>
            )}
          </section>
        </div>
        {games.length > 0 && <SeekForm games={games} conn={conn} pools={pools} />}
      </div>
    </div>
  );
}
