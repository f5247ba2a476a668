// Zoom and pan for the dense boards (issue 21, point 7): Conspiradores' 289 points and WAR's map are
// too small to touch on a phone when the whole board fits its width. "Zoom in" draws the board
// wider than the screen (each board's CSS says how wide: at least 40 px a point or a territory's
// counter) inside a box that scrolls both ways; the choice is remembered per game.
import type { ComponentChildren } from 'preact';
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { t } from '../i18n';
import './zoom.css';

export interface Zoom {
  on: boolean;
  toggle: () => void;
  box: { current: HTMLDivElement | null };
}

export function useZoom(game: string): Zoom {
  const key = `quartel.zoom.${game}`;
  const [on, setOn] = useState(() => localStorage.getItem(key) === '1');
  const box = useRef<HTMLDivElement>(null);
  // The point of the board at the box's centre stays there when the zoom changes.
  const centre = useRef<[number, number] | null>(null);
  useLayoutEffect(() => {
    const el = box.current;
    const c = centre.current;
    if (!el || !c) return;
    el.scrollLeft = c[0] * el.scrollWidth - el.clientWidth / 2;
    el.scrollTop = c[1] * el.scrollHeight - el.clientHeight / 2;
    centre.current = null;
  }, [on]);
  const toggle = () => {
    const el = box.current;
    if (el) centre.current = [(el.scrollLeft + el.clientWidth / 2) / el.scrollWidth, (el.scrollTop + el.clientHeight / 2) / el.scrollHeight];
    localStorage.setItem(key, on ? '0' : '1');
    setOn(!on);
  };
  return { on, toggle, box };
}

export function ZoomBox({ zoom, class: cls, children }: { zoom: Zoom; class?: string; children: ComponentChildren }) {
  return (
    <div ref={zoom.box} class={`zoom-box${zoom.on ? ' zoomed' : ''}${cls ? ` ${cls}` : ''}`} data-zoomed={zoom.on ? 'true' : 'false'}>
      {children}
    </div>
  );
}

export function ZoomButton({ zoom }: { zoom: Zoom }) {
  return (
    <button type="button" class="zoom-toggle" data-testid="zoom" onClick={zoom.toggle}>
      {zoom.on ? t('a11y.zoom_out') : t('a11y.zoom_in')}
    </button>
  );
}
