// The match page's own buttons beside the board: resign, offer or accept a draw, and the links to
// share (each seat held in this browser, and watching).
import { useState } from 'preact/hooks';
import { heldSeats, seatLink, watchLink } from '../api';
import type { MatchConnection } from '../connection';
import { seatName } from '../games';
import { t } from '../i18n';
import type { MatchState, Viewer } from '../types';

interface ActionsProps {
  state: MatchState;
  you: Viewer;
  seats: number;
  seatNames: string[];
  drawByAgreement: boolean;
  connection: { current: MatchConnection | null };
}

export function MatchActions({ state, you, seats, seatNames, drawByAgreement, connection }: ActionsProps) {
  return (
    <div class="match-actions">
      {you !== 'spectator' && !state.over && !seatIsOut(state, you) && (
        <button onClick={() => confirm(t('match.resign_confirm')) && connection.current?.resign()}>{t('match.resign')}</button>
      )}
      {you !== 'spectator' && !state.over && seats === 2 && state.draw_offer === undefined && drawByAgreement && (
        <button onClick={() => connection.current?.offerDraw()}>{t('match.offer_draw')}</button>
      )}
      {state.draw_offer !== undefined && state.draw_offer !== you && you !== 'spectator' && (
        <button class="primary" onClick={() => connection.current?.acceptDraw()}>
          {t('match.accept_draw')}
        </button>
      )}
      {state.draw_offer !== undefined && !state.over && (
        <p class="draw-offer muted small" data-testid="draw-offer" role="status" style={{ flexBasis: '100%', margin: 0 }}>
          {state.draw_offer === you
            ? t('match.draw_offered_yours')
            : t('match.draw_offered', { name: seatName(seatNames[state.draw_offer] ?? '') })}
        </p>
      )}
    </div>
  );
}

// After a finished match of two persons: ask for a rematch (the same table, the seats swapped), or
// accept the other's offer; the server sends both seats their new seat (match_ready) once both
// asked. `offeredBy`: the seat that asked first (null: nobody yet).
export function Rematch({ you, seatNames, offeredBy, connection }: { you: number; seatNames: string[]; offeredBy: number | null; connection: { current: MatchConnection | null } }) {
  const [asked, setAsked] = useState(false);
  const theirs = offeredBy !== null && offeredBy !== you;
  return (
    <div class="rematch">
      <button
        class={theirs ? 'primary' : ''}
        data-testid="rematch"
        disabled={asked || offeredBy === you}
        onClick={() => connection.current?.tableMessage('rematch', `rematch-${Date.now()}`) && setAsked(true)}
      >
        {theirs ? t('match.rematch_accept') : t('match.rematch')}
      </button>
      {offeredBy !== null && (
        <p class="muted small" data-testid="rematch-offer" role="status">
          {offeredBy === you ? t('match.rematch_yours') : t('match.rematch_offered', { name: seatName(seatNames[offeredBy] ?? '') })}
        </p>
      )}
    </div>
  );
}

export function MatchLinks({ id, token, seatNames }: { id: string; token: string | null; seatNames: string[] }) {
  const held = heldSeats().filter((h) => h.match === id);
  return (
    <div class="links">
      <h3>{t('match.links')}</h3>
      {held
        .filter((h) => h.token !== token)
        .map((h) => (
          <CopyButton key={h.seat} label={t('match.copy_seat', { seat: seatName(seatNames[h.seat]) })} text={seatLink(id, h.token)} />
        ))}
      <CopyButton label={t('match.copy_watch')} text={watchLink(id)} />
    </div>
  );
}

// WAR with three or more left goes on without a seat that resigned or was eliminated: it has
// nothing more to resign.
function seatIsOut(state: MatchState, you: number) {
  const view = state.view;
  return 'seats' in view && Boolean(view.seats[you]?.eliminated_by);
}

function CopyButton({ label, text }: { label: string; text: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      class="copy"
      data-link={text}
      onClick={() => {
        navigator.clipboard?.writeText(text).then(
          () => setCopied(true),
          () => prompt(label, text),
        );
        setTimeout(() => setCopied(false), 1500);
      }}
    >
      {copied ? t('match.copied') : label}
    </button>
  );
}
