// The last combat in words and pictures (the side panel's "Last combat"), and under the board
// during the play the rescue choice (Stratego) and the draw claim (Espionage).
import { t } from '../../i18n';
import type { Move } from '../../types';
import type { Combat, GameId } from './model';
import { PieceIcon, rankName } from './pieces';
import type { Play } from './play';

export function CombatLine({ game, combat, names }: { game: GameId; combat: Combat; names: string[] }) {
  const a = combat.attacker, d = combat.defender;
  const who = (p: { owner: number; rank: string }) =>
    p.rank === '?' ? t('stratego.side_piece', { side: names[p.owner] ?? '' }) : t('stratego.side_rank', { side: names[p.owner] ?? '', rank: rankName(game, p.rank) });
  const outcome =
    combat.result === 'both' ? t('stratego.combat_both') : combat.result === 'attacker' ? t('stratego.combat_attacker_wins') : t('stratego.combat_defender_wins');
  return (
    <div class="strat-combat" data-testid="strat-combat" key={`${combat.square}-${a.rank}-${d.rank}`}>
      <span class={`fighter${combat.result === 'defender' || combat.result === 'both' ? ' lost' : ' won'}`}>
        <PieceIcon game={game} owner={a.owner} rank={a.rank} size={34} />
      </span>
      <span class="vs" aria-hidden="true">
        ⚔
      </span>
      <span class={`fighter${combat.result === 'attacker' || combat.result === 'both' ? ' lost' : ' won'}`}>
        <PieceIcon game={game} owner={d.owner} rank={d.rank} size={34} />
      </span>
      <span class="combat-text">
        {t('stratego.combat', { attacker: who(a), defender: who(d), square: combat.square })} <b>{outcome}</b>
      </span>
    </div>
  );
}

// A piece taken back from the lost ones (a rank, then a square on the board) or no rescue.
export function RescueControls({ game, seat, play, act }: { game: GameId; seat: number | null; play: Play; act: (move: Move) => void }) {
  const { rescues, noRescue, rescueRank, setRescueRank } = play;
  return (
    <div class="strat-controls">
      <span>{t('stratego.rescue_prompt')}</span>
      {[...new Set(rescues.map((r) => r.rank))].map((rank) => (
        <button
          key={rank}
          class={`chip${rescueRank === rank ? ' on' : ''}`}
          data-testid={`strat-rescue-${rank}`}
          onClick={() => setRescueRank(rescueRank === rank ? null : rank)}
          title={rankName(game, rank)}
        >
          <PieceIcon game={game} owner={seat ?? 0} rank={rank} size={30} />
        </button>
      ))}
      {noRescue && (
        <button data-testid="strat-no-rescue" onClick={() => act({ actions: [noRescue.id] })}>
          {t('stratego.no_rescue')}
        </button>
      )}
    </div>
  );
}

export function ClaimDraw({ id, act }: { id: number; act: (move: Move) => void }) {
  return (
    <div class="strat-controls">
      <button data-testid="strat-claim-draw" onClick={() => act({ actions: [id] })}>
        {t('espionage.claim_draw')}
      </button>
    </div>
  );
}
