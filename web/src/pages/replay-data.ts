// The replay's data: which lens it shows, the record's move list, the frames fetched page by page,
// and the keys that step through it.
import { useEffect } from 'preact/hooks';
import { type GameRecord, REPLAY_PAGE, replayPage, type ReplayPly } from '../api';
import type { MoveLine, Viewer } from '../types';

// What the replay shows: one seat's view at the time, the spectator's, or everything revealed.
export type Lens = Viewer | 'revealed';

// A record's replay for one lens: its move list (every frame's words) and, fetched page by page
// as the player steps through it, the frames of each viewer it needs.
export interface Loaded {
  record: GameRecord;
  lens: Lens;
  names: string[];
  options: Record<string, unknown>;
  total: number;
  lines: MoveLine[];
}

// Pages of frames by viewer and page number, for one record; what was asked for is remembered
// so that a page is fetched once.
export class Pages {
  private pages = new Map<string, ReplayPly[]>();
  private asked = new Set<string>();
  constructor(readonly record: GameRecord, private readonly loaded: () => void, private readonly failed: (e: Error) => void) {}
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

// Stratego and Espionage set up piece by piece: the first move of the play, to skip to (found in
// the first page, where every setup ends); -1 when not found (yet).
export function firstPlayPly(pages: Pages, viewer: Viewer, total: number): number {
  const setupPhases = ['setup', 'volcanoes', 'order'];
  for (let p = 0; p < Math.min(total, REPLAY_PAGE); p++) {
    const f = pages.frame(viewer, p);
    if (!f) break;
    const view = f.state.view;
    if (!('phase' in view) || !setupPhases.includes(view.phase)) return p;
  }
  return -1;
}

// The arrow keys, Home and End step through the replay (not while typing in a field).
export function useStepKeys(setPly: (f: (p: number) => number) => void) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.target as HTMLElement).closest('input, select, textarea')) return;
      if (e.key === 'ArrowRight') setPly((p) => p + 1);
      else if (e.key === 'ArrowLeft') setPly((p) => Math.max(0, p - 1));
      else if (e.key === 'Home') setPly(() => 0);
      else if (e.key === 'End') setPly(() => 1e9);
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
