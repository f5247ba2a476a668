// The setup's controls under the board: the tray of pieces still to place (pick one, or drag it
// onto the board), the presets, a random fill, clear, remove, and Ready.
import { t } from '../../i18n';
import type { GameConfig } from './model';
import { PieceIcon, rankName } from './pieces';
import type { Setup } from './setup';

interface SetupControlsProps {
  cfg: GameConfig;
  seat: number;
  setup: Setup;
  onTrayPointerDown: (e: PointerEvent, rank: string) => void;
}

export function SetupControls({ cfg, seat, setup, onTrayPointerDown }: SetupControlsProps) {
  const game = cfg.id;
  const { remaining, leftCount, pick, canConfirm } = setup;
  const anyDraft = setup.eff.size > 0;
  const ranks = cfg.order.filter((r) => remaining[r] !== undefined);
  return (
    <div class="strat-setup">
      <div class="strat-tray" data-testid="strat-tray" onClick={(e) => e.target === e.currentTarget && setup.trayClick()}>
        {leftCount === 0 ? (
          <span class="muted small">{t('stratego.tray_empty')}</span>
        ) : (
          ranks.map((rank) => {
            const n = remaining[rank] ?? 0;
            const on = pick?.kind === 'tray' && pick.rank === rank;
            return (
              <button
                key={rank}
                class={`tray-piece${on ? ' on' : ''}${n === 0 ? ' none' : ''}`}
                data-testid={`strat-tray-${rank}`}
                data-rank={rank}
                disabled={n === 0}
                title={rankName(game, rank)}
                aria-pressed={on}
                onClick={() => setup.pickRank(rank)}
                onPointerDown={(e) => n > 0 && onTrayPointerDown(e as unknown as PointerEvent, rank)}
              >
                <PieceIcon game={game} owner={seat} rank={rank} size={40} />
                <span class="count">×{n}</span>
              </button>
            );
          })
        )}
      </div>
      <div class="strat-buttons">
        {setup.presets.map((x) => (
          <button key={x.name} data-testid={`strat-preset-${x.name}`} onClick={() => setup.preset(x.red)}>
            {t(`stratego.preset.${x.name}`)}
          </button>
        ))}
        <button data-testid="strat-random" onClick={setup.random}>
          {anyDraft ? t('stratego.fill_random') : t('stratego.random')}
        </button>
        {anyDraft && (
          <button data-testid="strat-clear" onClick={setup.clear}>
            {t('stratego.clear')}
          </button>
        )}
        {pick?.kind === 'sq' && (
          <button data-testid="strat-remove" onClick={setup.remove}>
            {t('stratego.remove')}
          </button>
        )}
        <button class="primary" data-testid="strat-ready" disabled={!canConfirm || leftCount > 0} onClick={setup.confirm}>
          {leftCount > 0 ? t('stratego.ready_left', { n: leftCount }) : canConfirm ? t('stratego.ready') : t('stratego.ready_wait')}
        </button>
      </div>
    </div>
  );
}
