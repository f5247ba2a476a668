// The match page's "?" button and the rules drawer it opens beside the board: the rules of the
// match's game without leaving the match (the route stays /match/ID). On a wide screen the page
// makes room for the drawer, so the board stays whole; on a phone the drawer covers the page until
// it is closed. The first-game guide opens it too (rulesOpen).
import { signal } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import { gameName } from '../games';
import { t } from '../i18n';
import { rulesFor } from '../rules';
import { RulesText } from '../rules/view';

export const rulesOpen = signal(false);

export function RulesButton({ game }: { game: string }) {
  const button = useRef<HTMLButtonElement>(null);
  const open = rulesOpen.value;
  useEffect(() => () => {
    rulesOpen.value = false;
  }, []);
  useEffect(() => {
    document.body.classList.toggle('rules-drawer-open', open);
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.classList.remove('rules-drawer-open');
    };
  }, [open]);
  const close = () => {
    rulesOpen.value = false;
    button.current?.focus();
  };
  if (!rulesFor(game)) return null;
  return (
    <>
      <button
        ref={button}
        type="button"
        class="rules-button"
        aria-label={t('rules.open', { game: gameName(game) })}
        title={t('rules.open', { game: gameName(game) })}
        aria-expanded={open}
        aria-controls="rules-drawer"
        data-testid="rules-button"
        onClick={() => (rulesOpen.value = !open)}
      >
        ?
      </button>
      {open && <RulesDrawer game={game} close={close} />}
    </>
  );
}

function RulesDrawer({ game, close }: { game: string; close: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div id="rules-drawer" class="rules-drawer" role="dialog" aria-modal="false" aria-labelledby="rules-drawer-title" data-testid="rules-drawer">
      <div class="rules-drawer-head">
        <h2 id="rules-drawer-title" tabIndex={-1} ref={heading}>
          {t('rules.title', { game: gameName(game) })}
        </h2>
        <a class="small" href={`/rules/${game}`} target="_blank" rel="noopener">
          {t('rules.full_page')}
        </a>
        <button type="button" class="rules-close" aria-label={t('rules.close')} title={t('rules.close')} onClick={close} data-testid="rules-close">
          ×
        </button>
      </div>
      <div class="rules-drawer-body">
        <RulesText game={game} level={3} />
      </div>
    </div>
  );
}
