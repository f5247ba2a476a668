import { useEffect, useRef, useState } from 'preact/hooks';
import { type GameRecord, matchRecord, replayLines } from '../api';
import { boardFor } from '../boards';
import { gameName, useGameInfo } from '../games';
import { t } from '../i18n';
import type { Fact, MatchState, Viewer } from '../types';
import { GameOver, MoveList } from './match-parts';
import { firstPlayPly, type Lens, type Loaded, Pages, useStepKeys } from './replay-data';
import { FilePicker, LensSelect, ReplayControls } from './replay-parts';

export function ReplayPage({ id }: { id: string | null }) {
  const [record, setRecord] = useState<GameRecord | null>(null);
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
      .then((r) => ('running' in r ? setError(t('replay.running')) : setRecord(r)))
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

  useStepKeys(setPly);

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

  const picker = <FilePicker onFile={openFile} />;

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
  const { state, steps: lastSteps } = shown.current;
  const firstPlay = firstPlayPly(pages.current, flowViewer, loaded.total);
  const lines = loaded.lines;
  return (
    <div class={`match replay game-${record.game}`} data-ply={at}>
      <div class="match-head">
        <h1>
          {gameName(record.game)} · {t('replay.title')}
        </h1>
        {hidden && <LensSelect lens={lens} names={names} setLens={setLens} />}
        {picker}
      </div>
      {error && <p class="error">{error}</p>}
      <ReplayControls
        at={at}
        last={last}
        firstPlay={firstPlay}
        setPly={setPly}
        move={lines.find((l) => l.event === at)?.moves ?? 0}
        moves={lines[lines.length - 1]?.moves ?? 0}
      />
      <div class="match-body">
        <div class="board-area">
          <module.Board
            game={record.game}
            options={loaded.options}
            state={state}
            you={lensViewer}
            seatNames={names}
            lastSteps={lastSteps}
            interactive={false}
            act={() => {}}
          />
        </div>
        <aside class="side">
          {module.Panel && (
            <module.Panel game={record.game} options={loaded.options} state={state} you={lensViewer} seatNames={names} lastSteps={lastSteps} interactive={false} act={() => {}} />
          )}
          {shown.current.at === last && state.over && <GameOver game={record.game} hidden={hidden} names={names} state={state} matchId={id ?? ''} />}
          <MoveList game={record.game} names={names} lines={lines} current={at} onPick={setPly} />
        </aside>
      </div>
    </div>
  );
}
