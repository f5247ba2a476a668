// Path routing with the History API: /, /new/GAME, /match/ID (#seat=TOKEN), /replay/ID, /replay.
import { signal } from '@preact/signals';

export const path = signal(location.pathname);

export function navigate(to: string) {
  if (to === location.pathname + location.hash) return;
  history.pushState(null, '', to);
  path.value = location.pathname;
  window.scrollTo(0, 0);
}

window.addEventListener('popstate', () => {
  path.value = location.pathname;
});

// <a href> inside the app navigates without a reload.
export function link(event: MouseEvent) {
  const anchor = (event.target as HTMLElement).closest('a');
  if (!anchor || anchor.target || event.ctrlKey || event.metaKey || event.shiftKey) return;
  const url = new URL(anchor.href);
  if (url.origin !== location.origin || url.pathname.startsWith('/api/')) return;
  event.preventDefault();
  navigate(url.pathname + url.hash);
}
