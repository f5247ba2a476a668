import { useEffect, useState } from 'preact/hooks';
import { matchRecord, replay, type Replay } from '../api';
import { boardFor } from '../boards';
import { gameName, seatName, useGameInfo } from '../games';
import { t } from '../i18n';
import type { MatchState, MoveLine, Viewer } from '../types';
import { GameOver, MoveList } from './match-parts';

// What the replay shows: one seat's view at the time, the spectator's, or everything revealed.
type Lens = Viewer | 'revealed';

interface Loaded {
  record: any;
  frames: Map<string, Replay>;  // by lens
}

export function ReplayPage({ id }: { id: string | null }) {
  const [record, setRecord] = useState<any>(null);
  const [lens, setLens] = useState<Lens>('revealed');
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [ply, setPly] = useState(0);
  const [error, setError] = useState('');
  const hidden = Boolean(useGameInfo(record?.game)?.hidden_information);  // the lens matters

  useEffect(() => {
    if (!id) return;
    matchRecord(id, null)
      .then((r) => (r.running ? setError(t('replay.running')) : setRecord(r)))
      .catch((e) => setError(t('error.server', { message: e.message })));
  }, [id]);

  useEffect(() => {
    if (!record) return;
    const module = boardFor(record.game);
    const frames = new Map(loaded && loaded.record === record ? loaded.frames : []);
    const get = (v: Viewer): Promise<Replay> => {
      const had = frames.get(String(v));
      return had ? Promise.resolve(had) : replay(record, v).then((r) => (frames.set(String(v), r), r));
    };
    let stale = false;
    (async () => {
      // The lens's own frames: seat 0's (and every seat's, below) when everything is revealed.
      const first = await get(lens === 'revealed' ? (module.reveal ? 0 : 'spectator') : lens);
      // The seats come from the server's answer: a record need not list them ("seats" is optional).
      const seats = first.seat_names.length;
      if (module.reveal && lens === 'revealed') await Promise.all([...Array(seats).keys()].map(get));
      if (stale) return;
      setLoaded({ record, frames });
      setError('');
    })().catch((e) => !stale && setError(t('replay.bad_record', { message: e.message })));
    return () => {
      stale = true;
    };
  }, [record, lens]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.target as HTMLElement).closest('input, select, textarea')) return;
      if (e.key === 'ArrowRight') setPly((p) => p + 1);
      else if (e.key === 'ArrowLeft') setPly((p) => Math.max(0, p - 1));
      else if (e.key === 'Home') setPly(0);
      else if (e.key === 'End') setPly(1e9);
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const openFile = (file: File) => {
    file.text().then(
      (text) => {
        try {
          const parsed = JSON.parse(text);
          if (typeof parsed?.game !== 'string') throw new Error('no game');
          setLoaded(null);
          setPly(0);
          setRecord(parsed);
          setError('');
        } catch {
          setError(t('replay.not_json'));
        }
      },
      () => setError(t('replay.not_json')),
    );
  };

  const picker = (
    <label class="file-pick button">
      {t('replay.open_file')}
      <input type="file" accept=".json,application/json" data-testid="record-file" onChange={(e) => {
        const file = (e.target as HTMLInputElement).files?.[0];
        if (file) openFile(file);
      }} />
    </label>
  );

  if (!record) {
    return (
      <div class="replay">
        <h1>{t('replay.title')}</h1>
        <p>{t('replay.intro')}</p>
        {picker}
        {error && <p class="error">{error}</p>}
      </div>
    );
  }
  const module = boardFor(record.game);
  const any = loaded?.frames.values().next().value as Replay | undefined;
  if (!loaded || !any) {
    return (
      <div class="replay">
        {error ? (
          <>
            <p class="error">{error}</p>
            {picker}
          </>
        ) : (
          <p class="muted">{t('common.loading')}</p>
        )}
      </div>
    );
  }
  const last = any.plies.length - 1;
  const at = Math.min(Math.max(0, ply), last);
  const names = any.seat_names;
  // The frames the move list and the flow come from: the lens's own, or seat 0's when everything
  // is revealed from every seat's view (the spectator's where the game reveals nothing).
  const revealing = lens === 'revealed' && Boolean(module.reveal);
  const lensViewer: Viewer = lens === 'revealed' ? 'spectator' : lens;
  const frames = loaded.frames.get(revealing ? '0' : String(lensViewer));
  if (!frames) return <p class="muted">{t('common.loading')}</p>;
  const view = revealing
    ? module.reveal!(names.map((_, s) => loaded.frames.get(String(s))?.plies[at].state.view))
    : frames.plies[at].state.view;
  const state: MatchState = { ...frames.plies[at].state, view, legal: [], your_turn: false };
  // Stratego and Espionage set up piece by piece: a way past it to the first move of the play.
  const setupPhases = ['setup', 'volcanoes', 'order'];
  const firstPlay = frames.plies.findIndex((p) => !setupPhases.includes(p.state.view?.phase));
  const lines = moveLines(frames);
  return (
    <div class={`match replay game-${record.game}`} data-ply={at}>
      <div class="match-head">
        <h1>
          {gameName(record.game)} · {t('replay.title')}
        </h1>
        {hidden && (
        <label class="lens">
          {t('replay.lens')}{' '}
          <select data-testid="lens" value={String(lens)} onChange={(e) => {
            const v = (e.target as HTMLSelectElement).value;
            setLens(v === 'revealed' || v === 'spectator' ? v : Number(v));
          }}>
            <option value="revealed">{t('replay.revealed')}</option>
            {names.map((n, i) => (
              <option value={String(i)} key={i}>
                {t('replay.as_seat', { name: seatName(n) })}
              </option>
            ))}
            <option value="spectator">{t('replay.spectator')}</option>
          </select>
        </label>
        )}
        {picker}
      </div>
      {error && <p class="error">{error}</p>}
      <div class="replay-controls" role="toolbar">
        <button onClick={() => setPly(0)} aria-label={t('replay.first')} data-testid="first">|◀</button>
        <button onClick={() => setPly(at - 1)} aria-label={t('replay.back')} data-testid="back">◀</button>
        <input type="range" min={0} max={last} value={at} aria-label={t('replay.ply')} onInput={(e) => setPly(Number((e.target as HTMLInputElement).value))} />
        <button onClick={() => setPly(at + 1)} aria-label={t('replay.forward')} data-testid="forward">▶</button>
        <button onClick={() => setPly(last)} aria-label={t('replay.last')} data-testid="last">▶|</button>
        <span class="muted" data-testid="ply">{t('replay.ply_of', { ply: at, last })}</span>
        {firstPlay > 2 && at < firstPlay && (
          <button onClick={() => setPly(firstPlay)} data-testid="skip-setup">
            {t('replay.skip_setup')}
          </button>
        )}
      </div>
      <div class="match-body">
        <div class="board-area">
          <module.Board
            game={record.game}
            options={any.options}
            state={state}
            you={lensViewer}
            seatNames={names}
            lastText={frames.plies[at].text}
            interactive={false}
            act={() => {}}
          />
        </div>
        <aside class="side">
          {module.Panel && (
            <module.Panel game={record.game} options={any.options} state={state} you={lensViewer} seatNames={names} lastText={frames.plies[at].text} interactive={false} act={() => {}} />
          )}
          {at === last && state.over && <GameOver hidden={hidden} names={names} state={state} matchId={id ?? ''} />}
          <MoveList game={record.game} names={names} lines={lines} current={at} onPick={setPly} />
        </aside>
      </div>
    </div>
  );
}

// The move list of a lens's frames, made once per frames (the list words each line once per list).
const linesOf = new WeakMap<Replay, MoveLine[]>();
function moveLines(frames: Replay): MoveLine[] {
  let lines = linesOf.get(frames);
  if (!lines) linesOf.set(frames, (lines = frames.plies.slice(1).map((p) => ({ event: p.ply, by: p.by, text: p.text }))));
  return lines;
}
