// "Your turn" that reaches the player (issue 21): the tab's title ("(1) Your turn · Stratego"), an
// optional sound for each move, and a browser notification when the tab is hidden, asked for with a
// button and never forced.
import { useEffect, useRef, useState } from 'preact/hooks';
import { gameName } from '../games';
import { lang, t } from '../i18n';

const SOUND = 'quartel.sound';
export function soundOn() {
  return localStorage.getItem(SOUND) !== 'off';
}

let audio: AudioContext | null = null;
// A short soft knock, made here (no sound file to fetch): lower for another's move.
function knock(yours: boolean) {
  try {
    audio ??= new AudioContext();
    if (audio.state === 'suspended') void audio.resume();
    const now = audio.currentTime;
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.setValueAtTime(yours ? 660 : 440, now);
    gain.gain.setValueAtTime(0.0001, now);
    gain.gain.exponentialRampToValueAtTime(0.2, now + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + 0.15);
    tone.connect(gain).connect(audio.destination);
    tone.start(now);
    tone.stop(now + 0.16);
  } catch {
    // No audio in this browser: the move shows anyway.
  }
  const w = window as any;
  w.__quartelSounds = (w.__quartelSounds ?? 0) + 1;  // test hook
}

// `event`: the match's last event; `byYou`: whether the viewer made it.
export function useTurnAlerts(game: string, yourTurn: boolean, event: number, byYou: boolean) {
  const language = lang.value;
  useEffect(() => {
    if (!game) return;
    document.title = yourTurn ? t('title.your_turn', { game: gameName(game) }) : t('title.match', { game: gameName(game) });
  }, [yourTurn, game, language]);
  useEffect(() => () => void (document.title = 'Quartel'), []);

  const seenEvent = useRef(event);
  useEffect(() => {
    if (event <= seenEvent.current) return;
    seenEvent.current = event;
    if (soundOn()) knock(byYou);
  }, [event]);

  const wasYourTurn = useRef(yourTurn);
  useEffect(() => {
    const became = yourTurn && !wasYourTurn.current;
    wasYourTurn.current = yourTurn;
    if (!became || !document.hidden || typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
    const note = new Notification(t('title.your_turn_plain'), { body: gameName(game), tag: 'quartel-turn' });
    note.onclick = () => {
      window.focus();
      note.close();
    };
  }, [yourTurn]);
}

// The sound switch, and the button that asks for notifications (shown while the browser has not
// been asked).
export function AlertControls() {
  const [sound, setSound] = useState(soundOn());
  const [permission, setPermission] = useState(typeof Notification === 'undefined' ? 'denied' : Notification.permission);
  return (
    <span class="alert-controls">
      <button
        type="button"
        class="small-button"
        aria-pressed={sound}
        data-testid="sound"
        onClick={() => {
          localStorage.setItem(SOUND, sound ? 'off' : 'on');
          setSound(!sound);
        }}
      >
        {sound ? t('alerts.sound_on') : t('alerts.sound_off')}
      </button>
      {permission === 'default' && (
        <button type="button" class="small-button" data-testid="notify" onClick={() => Notification.requestPermission().then(setPermission)}>
          {t('alerts.notify')}
        </button>
      )}
    </span>
  );
}
