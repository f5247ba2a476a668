// Inviting a friend (issue 21): the seats this browser holds to hand out, each with its link, Copy
// and (where the browser can) Share, and whether the friend has come: the link is the seat, so it
// is shown to the host only, never put in the address bar. `where`: beside the board on a wide
// screen, above it on a narrow one (style.css shows one of the two).
import { useState } from 'preact/hooks';
import { invitedSeats, seatLink } from '../api';
import { seatName } from '../games';
import { t } from '../i18n';
import type { Presence } from '../types';

export function InvitePanel({ id, game, seatNames, presence, where }: { id: string; game: string; seatNames: string[]; presence: Presence; where: 'side' | 'top' }) {
  const seats = invitedSeats(id);
  if (!seats.length) return null;
  // Once every friend has come, the links stay in the links list below.
  const waiting = seats.filter((s) => (presence[s.seat] ?? 'invited') === 'invited');
  if (!waiting.length) return null;
  return (
    <section class={`invite invite-${where}`} data-testid="invite" aria-labelledby={`invite-title-${where}`}>
      <h3 id={`invite-title-${where}`}>{t('invite.title')}</h3>
      {waiting.map((s) => {
        const seat = seatName(seatNames[s.seat] ?? String(s.seat));
        const link = seatLink(id, s.token);
        return (
          <div class="invite-seat" key={s.seat} data-seat={s.seat}>
            <p>{t('invite.send', { seat })}</p>
            <input class="invite-link" readOnly value={link} aria-label={t('invite.link_for', { seat })} onFocus={(e) => (e.target as HTMLInputElement).select()} />
            <div class="invite-buttons">
              <CopyLink link={link} label={t('invite.copy')} />
              {typeof navigator.share === 'function' && (
                <button type="button" onClick={() => navigator.share({ title: t('invite.share_title', { game }), url: link }).catch(() => {})}>
                  {t('invite.share')}
                </button>
              )}
            </div>
            <p class="muted small">{t('invite.waiting', { seat })}</p>
          </div>
        );
      })}
    </section>
  );
}

export function CopyLink({ link, label }: { link: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      class="copy primary"
      data-link={link}
      onClick={() => {
        navigator.clipboard?.writeText(link).then(
          () => setCopied(true),
          () => prompt(label, link),
        );
        setTimeout(() => setCopied(false), 1500);
      }}
    >
      {copied ? t('match.copied') : label}
    </button>
  );
}

// What a person's seat shows of its player: "not joined yet", "connected", "away".
export function presenceLabel(presence: Presence, seat: number): string | null {
  const p = presence[seat];
  return p && p !== 'bot' ? t(`presence.${p}`) : null;
}
