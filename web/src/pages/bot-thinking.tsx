// "Strong bot (Blue) is thinking…" while a bot seat has the turn (issue 21, point 6). A bot's
// turn takes up to its level's budget per turn (games.ts BOT_LEVELS), a WAR turn included, and
// the page says who is at it meanwhile. The line keeps its place in a match with a bot even while
// nobody thinks, so that the board does not move each time a bot starts or ends a turn.
import { seatColour, seatName } from '../games';
import { t } from '../i18n';
import type { MatchState } from '../types';
import { botLabel } from './match-parts';
import './bot-thinking.css';

export function BotThinking({ game, names, seats, state }: { game: string; names: string[]; seats: string[]; state: MatchState }) {
  if (!seats.some((kind) => kind.startsWith('bot:'))) return null;
  const seat = state.to_act;
  const thinking = !state.over && typeof seat === 'number' && (seats[seat] ?? '').startsWith('bot:');
  if (!thinking) return <p class="bot-thinking" data-testid="bot-thinking" aria-hidden="true" />;
  const level = botLabel(seats[seat]);
  return (
    <p class="bot-thinking" role="status" data-testid="bot-thinking" data-seat={seat}>
      <span class="swatch" style={{ background: seatColour(game, seat) }} />
      <span>{t('bot.thinking', { bot: level.charAt(0).toUpperCase() + level.slice(1), seat: seatName(names[seat] ?? String(seat)) })}</span>
    </p>
  );
}
