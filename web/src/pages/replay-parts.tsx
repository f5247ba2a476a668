// The replay's controls: the record file picker, the lens, and the toolbar that steps through it.
import { seatName } from '../games';
import { t } from '../i18n';
import type { Lens } from './replay-data';

export function FilePicker({ onFile }: { onFile: (file: File) => void }) {
  return (
    <label class="file-pick button">
      {t('replay.open_file')}
      <input type="file" accept=".json,application/json" data-testid="record-file" onChange={(e) => {
        const file = (e.target as HTMLInputElement).files?.[0];
        if (file) onFile(file);
      }} />
    </label>
  );
}

export function LensSelect({ lens, names, setLens }: { lens: Lens; names: string[]; setLens: (lens: Lens) => void }) {
  return (
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
  );
}

// `move` of `moves`: the players' moves up to this frame, of the game's (the count the live match
// and the match list show); a frame is one action, a chance outcome's included.
export function ReplayControls({ at, last, firstPlay, setPly, move, moves }: { at: number; last: number; firstPlay: number; setPly: (ply: number) => void; move: number; moves: number }) {
  return (
    <div class="replay-controls" role="toolbar">
      <button onClick={() => setPly(0)} aria-label={t('replay.first')} data-testid="first">|◀</button>
      <button onClick={() => setPly(at - 1)} aria-label={t('replay.back')} data-testid="back">◀</button>
      <input type="range" min={0} max={last} value={at} aria-label={t('replay.ply')} onInput={(e) => setPly(Number((e.target as HTMLInputElement).value))} />
      <button onClick={() => setPly(at + 1)} aria-label={t('replay.forward')} data-testid="forward">▶</button>
      <button onClick={() => setPly(last)} aria-label={t('replay.last')} data-testid="last">▶|</button>
      <span class="muted" data-testid="ply">{t('replay.move_of', { move, moves })}</span>
      {firstPlay > 2 && at < firstPlay && (
        <button onClick={() => setPly(firstPlay)} data-testid="skip-setup">
          {t('replay.skip_setup')}
        </button>
      )}
    </div>
  );
}
