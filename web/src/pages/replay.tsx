import { useEffect, useRef, useState } from 'preact/hooks';
import { REPLAY_PAGE, matchRecord, replayLines, replayPage, type ReplayPly } from '../api';
import { boardFor } from '../boards';
import { gameName, seatName, useGameInfo } from '../games';
import { t } from '../i18n';
import type { Fact, MatchState, MoveLine, Viewer } from '../types';
import { GameOver, MoveList } from './match-parts';

// What the replay shows: one seat's view at the time, the spectator's, or everything revealed.
type Lens = Viewer | 'revealed';

// A record's replay for one lens: its move list (every frame's words) and, fetched page by page
// as the player steps through it, the frames of each viewer it needs.
interface Loaded {
  record: any;
  lens: Lens;
  names: string[];
  options: Record<string, unknown>;
  total: number;
  lines: MoveLine[];
}

// Pages of frames by viewer and page number, for one record; what was asked for is remembered
// so that a page is fetched once.
class Pages {
  private pages = new Map<string, ReplayPly[]>();
  private asked = new Set<string>();
  constructor(readonly record: any, private readonly loaded: () => void, private readonly failed: (e: Error) => void) {}
  frame(viewer: Viewer, ply: number): ReplayPly | undefined {
    const page = Math.floor(ply / REPLAY_PAGE);
    const key = `${viewer}:${page}`;
    const frames = this.pages.get(key);
    if (frames) return frames[ply - page * REPLAY_PAGE];
    if (!this.asked.has(key)) {
      this.asked.add(key);
      replayPage(this.record, viewer, page * REPLAY_PAGE).then((r) => {
        this.pages.set(key, r.plies);
        this.loaded();
      }, this.failed);
    }
    return undefined;
  }
}

export function ReplayPage({ id }: { id: string | null }) {
  const [record, setRecord] = useState<any>(null);
  const [lens, setLens] = useState<Lens>('revealed');
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [ply, setPly] = useState(0);
  const [error, setError] = useState('');
  const [, setPagesLoaded] = useState(0);
  const pages = useRef<Pages | null>(null);
  const shown = useRef<{ state: MatchState; text: string; steps: Fact[]; at: number } | null>(null);
  const hidden = Boolean(useGameInfo(record?.game)?.hidden_information);  // the lens matters

  useEffect(() => {
    if (!id) return;
    matchRecord(id, null)
      .then((r) => (r.running ? setError(t('replay.running')) : setRecord(r)))
      .catch((e) => setError(t('error.server', { message: e.message })));
  }, [id]);

  useEffect(() => {
    if (!record) return;
    if (pages.current?.record !== record) {
      pages.current = new Pages(record, () => setPagesLoaded((n) => n + 1), (e) => setError(t('replay.bad_record', { message: e.message })));
      shown.current = null;
    }
    const module = boardFor(record.game);
    // The move list and the flow: the lens's own, or seat 0's when everything is revealed from
    // every seat's view (the spectator's where the game reveals nothing).
    const viewer: Viewer = lens === 'revealed' ? (module.reveal ? 0 : 'spectator') : lens;
    let stale = false;
    replayLines(record, viewer)
      .then((r) => {
        if (stale) return;
        setLoaded({ record, lens, names: r.seat_names, options: r.options, total: r.total, lines: r.lines });
        setError('');
      })
      .catch((e) => !stale && setError(t('replay.bad_record', { message: e.message })));
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
  if (!loaded || loaded.record !== record || !pages.current) {
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
  const last = loaded.total - 1;
  const at = Math.min(Math.max(0, ply), last);
  const names = loaded.names;
  const revealing = loaded.lens === 'revealed' && Boolean(module.reveal);
  const lensViewer: Viewer = loaded.lens === 'revealed' ? 'spectator' : loaded.lens;
  const flowViewer: Viewer = revealing ? 0 : lensViewer;
  // This ply's frames, fetched with their page when missing; meanwhile the last one shown stays.
  const frame = pages.current.frame(flowViewer, at);
  const views = revealing ? names.map((_, s) => pages.current!.frame(s, at)?.state.view) : [];
  if (frame && views.every((v) => v !== undefined)) {
    const view = revealing ? module.reveal!(views) : frame.state.view;
    shown.current = { state: { ...frame.state, view, legal: [], your_turn: false }, text: frame.text, steps: frame.steps, at };
  }
  if (!shown.current) return <p class="muted">{t('common.loading')}</p>;
  const { state, text: lastText, steps: lastSteps } = shown.current;
  // Stratego and Espionage set up piece by piece: a way past it to the first move of the play
  // (found in the first page, where every setup ends).
  const setupPhases = ['setup', 'volcanoes', 'order'];
  let firstPlay = -1;
  for (let p = 0; p < Math.min(loaded.total, REPLAY_PAGE); p++) {
    const f = pages.current.frame(flowViewer, p);
    if (!f) break;
    if (!setupPhases.includes(f.state.view?.phase)) {
      firstPlay = p;
      break;
    }
  }
  const lines = loaded.lines;
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
            options={loaded.options}
            state={state}
            you={lensViewer}
            seatNames={names}
            lastText={lastText}
            lastSteps={lastSteps}
            interactive={false}
            act={() => {}}
          />
        </div>
        <aside class="side">
          {module.Panel && (
            <module.Panel game={record.game} options={loaded.options} state={state} you={lensViewer} seatNames={names} lastText={lastText} lastSteps={lastSteps} interactive={false} act={() => {}} />
          )}
          {shown.current.at === last && state.over && <GameOver hidden={hidden} names={names} state={state} matchId={id ?? ''} />}
          <MoveList game={record.game} names={names} lines={lines} current={at} onPick={setPly} />
        </aside>
      </div>
    </div>
  );
}
