// The side panel: each army's pieces still in play and those lost, as a legend of the ranks; the
// viewer's own setup string while it stands untouched (to save and type again in a later game).
import { seatName } from '../../games';
import type { BoardProps } from '../types';
import type { ArmyView } from './model';
import { t } from '../../i18n';
import { type GameConfig, countRanks, seatOf } from './model';
import { PieceIcon, SIDE_FILL, SideMark, rankName } from './pieces';
import { useCombats } from './combats';
import { CombatLine } from './controls';
import { useMoment } from './moment';

export function HiddenArmyPanel(props: BoardProps<ArmyView> & { cfg: GameConfig }) {
  const cfg = props.cfg;
  const game = cfg.id;
  const view = props.state?.view ?? {};
  const names = (props.seatNames ?? ['Red', 'Blue']).map(seatName);
  const army = countRanks(cfg.army(props.options ?? {}));
  const seat = seatOf(props.you);
  const board = Array.isArray(view.board) ? view.board : [];
  const moment = useMoment(cfg, view, board, seat);
  const lastCombat = useCombats(cfg, props, board, moment.before).last;
  const lost = [0, 1].map((s) => ({
    counts: countRanks(String(view.lost?.[s]?.pieces ?? '')),
    pieces: String(view.lost?.[s]?.pieces ?? ''),
    hidden: Number(view.lost?.[s]?.hidden ?? 0),
  }));
  const ranks = cfg.order.filter((r) => army[r]);
  // Ranks the view shows on the board: a lower bound on what is left where losses went unseen.
  const shown = [0, 1].map((s) => countRanks(view.board.flatMap((c) => (c !== null && typeof c === 'object' && c.owner === s && c.rank !== '?' ? [c.rank] : [])).join('')));
  const anyHidden = lost.some((l) => l.hidden > 0);
  const sides = seat === 1 ? [1, 0] : [0, 1];
  const sorted = (pieces: string) => [...pieces].sort((a, b) => cfg.order.indexOf(a) - cfg.order.indexOf(b));

  return (
    <div class="strat-panel" data-testid="strat-panel">
      {(view.phase === 'play' || view.phase === 'over') && (
        <section class="strat-last-combat" data-testid="strat-last-combat">
          <h3>{t('stratego.last_combat')}</h3>
          {lastCombat ? <CombatLine game={game} combat={lastCombat} names={names} /> : <p class="muted small">{t('stratego.no_combat_yet')}</p>}
        </section>
      )}
      <h3>{t('stratego.lost_title')}</h3>
      {sides.map((s) => (
        <div class="lost-row" key={s} data-testid={`strat-lost-${s}`}>
          <span class="side-name">
            <svg viewBox="0 0 20 20" width="14" height="14" aria-hidden="true">
              <g fill={SIDE_FILL[s]}>
                <SideMark owner={s} x={10} y={11} r={8} />
              </g>
            </svg>
            {names[s]}
          </span>
          <span class="lost-pieces">
            {lost[s].pieces.length === 0 && lost[s].hidden === 0 && <span class="muted small">{t('stratego.none_lost')}</span>}
            {sorted(lost[s].pieces).map((r, k) => (
              <PieceIcon key={k} game={game} owner={s} rank={r} size={24} title={rankName(game, r)} />
            ))}
            {lost[s].hidden > 0 && <span class="muted small">{t('stratego.lost_hidden', { n: lost[s].hidden })}</span>}
          </span>
        </div>
      ))}
      <h3>{t('stratego.army_title')}</h3>
      <table class="strat-army">
        <thead>
          <tr>
            <th colSpan={2}></th>
            {sides.map((s) => (
              <th key={s} style={{ color: SIDE_FILL[s] }}>
                {names[s]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {ranks.map((r) => (
            <tr key={r}>
              <td>
                <PieceIcon game={game} owner={sides[0]} rank={r} size={22} />
              </td>
              <td>{rankName(game, r)}</td>
              {sides.map((s) => {
                // Losses of unseen rank may be of this rank or not: what is left lies in a range
                // (never for the Flag or Headquarters, whose capture ends the game).
                const most = army[r] - (lost[s].counts[r] ?? 0);
                const least = r === cfg.flag ? most : Math.min(most, Math.max(shown[s][r] ?? 0, most - lost[s].hidden));
                if (least === most) {
                  return (
                    <td key={s} class={`num${most === 0 ? ' gone' : ''}`} title={t('stratego.left_of', { left: most, total: army[r] })}>
                      {most}/{army[r]}
                    </td>
                  );
                }
                return (
                  <td key={s} class="num unsure" title={t('stratego.left_between', { least, most, total: army[r], n: lost[s].hidden })}>
                    {least}–{most}/{army[r]}
                  </td>
                );
              })}
            </tr>
          ))}
          {anyHidden && (
            <tr class="unseen-row" data-testid="strat-lost-unseen">
              <td></td>
              <td>{t('stratego.lost_unseen_row')}</td>
              {sides.map((s) => (
                <td key={s} class="num">
                  {lost[s].hidden}
                </td>
              ))}
            </tr>
          )}
        </tbody>
      </table>
      <p class="muted small legend">
        <svg viewBox="-9 -9 18 18" width="14" height="14" aria-hidden="true">
          <circle r="8" fill="#fff" stroke="#555" stroke-width="1.5" />
          <path d="M-5.5 0 Q0 -5 5.5 0 Q0 5 -5.5 0 Z" fill="none" stroke="#1b1b1b" stroke-width="1.4" />
          <circle r="1.9" fill="#1b1b1b" />
        </svg>{' '}
        {game === 'espionage' ? t('espionage.legend_known') : t('stratego.legend_known')}
        {' · '}
        {t('stratego.legend_moved')}
      </p>
      {typeof view.setup === 'string' && view.setup && (
        <p class="small own-setup">
          {t('stratego.your_setup')} <code data-testid="strat-setup-string">{view.setup}</code>
        </p>
      )}
    </div>
  );
}
