import { useEffect, useState } from 'preact/hooks';
import { createMatch, fetchGames, holdSeat, playSeatInThisTab, type SeatRequest } from '../api';
import { boardFor } from '../boards';
import { BOT_LEVELS, gameName, ladderRating, seatName } from '../games';
import { has, t } from '../i18n';
import { navigate } from '../router';
import { account, botRating, fetchBots, poolOf, ratingPools, type BotAccount } from '../session';
import type { GameInfo, GameOption } from '../types';

type SeatChoice = 'you' | 'friend' | string;  // or a bot level's spec

// The bot levels offered, strongest last; only those whose bot the game has.
function botLevels(game: GameInfo): { spec: string; label: string }[] {
  return BOT_LEVELS.filter((l) => game.bots.some((b) => b.name === l.bot)).map((l) => ({ spec: l.spec, label: t(l.menu) }));
}

// The catalogue gives every default as the engine writes it ("false", "1000"): as the input's type.
export function typedDefault(option: GameOption): unknown {
  if (option.type === 'bool') return option.default === true || option.default === 'true';
  if (option.type === 'int') return Number(option.default);
  return String(option.default);
}

// A newcomer's first opponent: the intermediate level, every game has it.
function defaultBot(game: GameInfo) {
  return game.bots.some((b) => b.name === 'intermediate') ? 'intermediate' : 'random';
}

export function OptionField({ game, option, value, set }: { game: string; option: GameOption; value: unknown; set: (v: unknown) => void }) {
  const key = `option.${game}.${option.name}`;
  const id = `option-${option.name}`;
  let input;
  if (option.type === 'bool') {
    input = <input id={id} type="checkbox" checked={Boolean(value)} onChange={(e) => set((e.target as HTMLInputElement).checked)} />;
  } else if (option.choices?.length) {
    input = (
      <select id={id} value={String(value)} onChange={(e) => set((e.target as HTMLSelectElement).value)}>
        {option.choices.map((c) => (
          <option value={c} key={c}>
            {has(`${key}.choice.${c}`) ? t(`${key}.choice.${c}`) : c}
          </option>
        ))}
      </select>
    );
  } else if (option.type === 'int') {
    input = (
      <input
        id={id}
        type="number"
        min={option.min}
        max={option.max}
        value={String(value)}
        onInput={(e) => set(Number((e.target as HTMLInputElement).value))}
      />
    );
  } else {
    input = <input id={id} type="text" value={String(value)} onInput={(e) => set((e.target as HTMLInputElement).value)} />;
  }
  return (
    <div class="option">
      <label for={id}>{has(key) ? t(key) : option.name}</label>
      {input}
      <p class="help">{has(`${key}.help`) ? t(`${key}.help`) : option.help}</p>
    </div>
  );
}

export function NewGame({ game: id }: { game: string }) {
  const [game, setGame] = useState<GameInfo | null>(null);
  const [error, setError] = useState('');
  const [options, setOptions] = useState<Record<string, unknown>>({});
  const [seats, setSeats] = useState<SeatChoice[]>([]);
  const [busy, setBusy] = useState(false);
  const [bots, setBots] = useState<BotAccount[]>([]);  // the bot accounts' ratings, by level
  useEffect(() => void fetchBots().then(setBots, () => {}), []);
  const [pools, setPools] = useState<string[]>([]);
  const [rated, setRated] = useState(false);
  useEffect(() => void ratingPools().then(setPools, () => {}), []);

  useEffect(() => {
    fetchGames()
      .then((games) => {
        const found = games.find((g) => g.id === id);
        if (!found) {
          setError(t('new.unknown_game', { game: id }));
          return;
        }
        setGame(found);
        setOptions(Object.fromEntries(found.options.map((o) => [o.name, typedDefault(o)])));
        const n = found.seat_counts.includes(2) ? 2 : found.seat_counts[0];
        setSeats(['you', ...Array.from({ length: n - 1 }, () => defaultBot(found))]);
      })
      .catch((e) => setError(t('error.server', { message: e.message })));
  }, [id]);

  if (error) return <p class="error">{error}</p>;
  if (!game) return <p class="muted">{t('common.loading')}</p>;
  const levels = botLevels(game);
  // The seat count is chosen with the seats; the "players" option follows it (the server takes it
  // from the seats when it is not given).
  // The map is classic in the browser (map files are given to the server on its command line);
  // the engine caps are kept apart from the rules.
  const isCap = (o: GameOption) => o.name.startsWith('max_');
  const shownOptions = game.options.filter((o) => o.name !== 'players' && o.name !== 'map' && !isCap(o));
  const caps = game.options.filter(isCap);
  const field = (o: GameOption) => (
    <OptionField key={o.name} game={game.id} option={o} value={options[o.name]} set={(v) => setOptions({ ...options, [o.name]: v })} />
  );

  // Rated: signed in, one seat yours and the others bots (each bot has an account and a rating),
  // in a game and options that have a rating pool.
  const pool = poolOf(game.id, options, seats.length, pools);
  const canRate = Boolean(account.value) && pool !== undefined && seats.filter((s) => s === 'you').length === 1 && !seats.includes('friend');

  const setCount = (n: number) =>
    setSeats((old) => Array.from({ length: n }, (_, i) => old[i] ?? (i === 0 ? 'you' : defaultBot(game))));

  async function start(e: Event) {
    e.preventDefault();
    setBusy(true);
    setError('');
    const request: SeatRequest[] = seats.map((s) => (s === 'you' ? { kind: 'person', mine: true } : s === 'friend' ? { kind: 'person' } : { kind: 'bot', bot: s }));
    const chosen = { ...options };
    delete chosen.players;
    try {
      const created = await createMatch(game!.id, chosen, request, canRate && rated);
      let mine: string | null = null;
      for (const seat of created.seats) {
        if (!seat.token) continue;
        const role = seats[seat.seat] === 'friend' ? 'invite' : 'play';
        holdSeat({ match: created.match, game: created.game, seat: seat.seat, token: seat.token, role });
        if (role === 'play' && !mine) mine = seat.token;
      }
      // The seat is kept in the browser: the address bar shows the match's address (watching).
      if (mine) playSeatInThisTab(created.match, mine);
      navigate(`/match/${created.match}`);
    } catch (err) {
      setError(t('error.server', { message: (err as Error).message }));
      setBusy(false);
    }
  }

  const { Preview } = boardFor(game.id);
  return (
    <form class="new-game" onSubmit={start}>
      <div class="new-head">
        <div class="preview small">
          <Preview />
        </div>
        <div>
          <h1>{gameName(game.id)}</h1>
          <p>{t(`game.${game.id}.line`)}</p>
          <a class="how-to-play" href={`/rules/${game.id}`} data-testid="how-to-play">
            {t('rules.how_to_play')}
          </a>
        </div>
      </div>
      <fieldset>
        <legend>{t('new.seats')}</legend>
        {game.seat_counts.length > 1 && (
          <div class="option">
            <label for="seat-count">{t('new.players')}</label>
            <select id="seat-count" value={String(seats.length)} onChange={(e) => setCount(Number((e.target as HTMLSelectElement).value))}>
              {game.seat_counts.map((n) => (
                <option value={String(n)} key={n}>
                  {n}
                </option>
              ))}
            </select>
          </div>
        )}
        {seats.map((choice, i) => (
          <div class="option seat-choice" key={i}>
            <label for={`seat-${i}`}>
              {t('new.seat', { n: i + 1 })}
              {game.seat_names?.[seats.length]?.[i] !== undefined && ` (${seatName(game.seat_names[seats.length][i])})`}
            </label>
            <select
              id={`seat-${i}`}
              data-seat={i}
              value={choice}
              onChange={(e) => setSeats(seats.map((s, j) => (j === i ? (e.target as HTMLSelectElement).value : s)))}
            >
              <option value="you">{t('seat.you')}</option>
              <option value="friend">{t('seat.friend')}</option>
              {levels.map((l) => (
                <option value={l.spec} key={l.spec}>
                  {l.label}
                  {ladderRating(game, l.spec)}
                  {botRating(bots, l.spec, game.id, options, seats.length)}
                </option>
              ))}
            </select>
          </div>
        ))}
        <p class="help">{t('new.seats_help')}</p>
        {canRate && (
          <div class="option">
            <label for="rated">{t('rated.label')}</label>
            <input id="rated" type="checkbox" checked={rated} onChange={(e) => setRated((e.target as HTMLInputElement).checked)} />
            <p class="help">{t('rated.help', { pool: t(`pool.${pool}`) })}</p>
          </div>
        )}
      </fieldset>
      {shownOptions.length + caps.length > 0 && (
        <fieldset>
          <legend>{t('new.options')}</legend>
          {shownOptions.map(field)}
          {caps.length > 0 && (
            <details>
              <summary>{t('option.advanced')}</summary>
              {caps.map(field)}
            </details>
          )}
        </fieldset>
      )}
      {error && <p class="error">{error}</p>}
      <button type="submit" class="primary" disabled={busy} data-testid="start">
        {busy ? t('common.loading') : t('new.start')}
      </button>
    </form>
  );
}
