// A match's chat (docs/PROTOCOL.md, "Chat"): a small panel for a match between persons (none
// against bots), its players' lines rendered as text (Preact escapes every string: a line that
// holds HTML shows it as typed), a counter of the 300 characters a line may have, and Mute,
// remembered per match in this browser. The server limits how often one may write; its refusal is
// shown in words under the field.
import { useEffect, useRef, useState } from 'preact/hooks';
import { seatColour, seatName } from '../games';
import { t } from '../i18n';
import type { Viewer } from '../types';

export const CHAT_MOST = 300;

export interface ChatLine {
  n: number;
  seat: number;
  name: string | null;
  text: string;
  at: number;
}

const MUTED = 'quartel.chat.muted.';
function mutedFor(match: string) {
  try {
    return localStorage.getItem(MUTED + match) === '1';
  } catch {
    return false;
  }
}

// Code points, as the server counts them.
function length(text: string) {
  return [...text.trim()].length;
}

export function ChatPanel({
  match,
  game,
  lines,
  names,
  you,
  error,
  send,
}: {
  match: string;
  game: string;
  lines: ChatLine[];
  names: string[];
  you: Viewer;
  error: string;
  send: (text: string) => boolean;
}) {
  const [muted, setMuted] = useState(() => mutedFor(match));
  const [text, setText] = useState('');
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [lines.length, muted]);
  const toggle = () => {
    const next = !muted;
    setMuted(next);
    try {
      if (next) localStorage.setItem(MUTED + match, '1');
      else localStorage.removeItem(MUTED + match);
    } catch {
      // private mode: muted for this page only
    }
  };
  const count = length(text);
  const over = count > CHAT_MOST;
  const submit = (e: Event) => {
    e.preventDefault();
    if (count === 0 || over) return;
    if (send(text.trim())) setText('');
  };
  return (
    <section class="chat" data-testid="chat" aria-labelledby="chat-title">
      <div class="chat-head">
        <h3 id="chat-title">{t('chat.title')}</h3>
        <button type="button" class="chat-mute" data-testid="chat-mute" aria-pressed={muted} onClick={toggle}>
          {muted ? t('chat.unmute') : t('chat.mute')}
        </button>
      </div>
      {muted ? (
        <p class="muted small" data-testid="chat-muted">
          {t('chat.muted')}
        </p>
      ) : (
        <>
          <ol class="chat-lines" ref={list} tabIndex={0} aria-label={t('chat.lines')} aria-live="polite" data-testid="chat-lines">
            {lines.length === 0 && <li class="muted small">{t('chat.empty')}</li>}
            {lines.map((line) => (
              <li key={line.n} class={line.seat === you ? 'mine' : ''} data-testid="chat-line">
                <span class="chat-who" style={{ borderColor: seatColour(game, line.seat) }}>
                  {line.name ?? seatName(names[line.seat] ?? '')}
                </span>{' '}
                <span class="chat-text">{line.text}</span>
              </li>
            ))}
          </ol>
          {you !== 'spectator' && (
            <form class="chat-form" onSubmit={submit}>
              <label for="chat-input" class="visually-hidden">
                {t('chat.write')}
              </label>
              <input
                id="chat-input"
                data-testid="chat-input"
                type="text"
                autocomplete="off"
                value={text}
                placeholder={t('chat.write')}
                aria-describedby="chat-count"
                onInput={(e) => setText((e.target as HTMLInputElement).value)}
              />
              <button type="submit" data-testid="chat-send" disabled={count === 0 || over}>
                {t('chat.send')}
              </button>
              <span id="chat-count" class={`chat-count small${over ? ' over' : ''}`} data-testid="chat-count">
                {t('chat.count', { n: count, most: CHAT_MOST })}
              </span>
            </form>
          )}
          {error && (
            <p class="chat-error small" role="status" data-testid="chat-error">
              {error}
            </p>
          )}
        </>
      )}
    </section>
  );
}
