// A combat shown over the board, by its square, long enough to read: both pieces (a rank the viewer
// did not see stays a back), the loser crossed out, and the outcome in words. It is drawn in the
// board's SVG at a size in screen pixels (the same on a phone as on a laptop), over the pieces and
// under the click layer (it never takes a click).
import { useEffect, useState } from 'preact/hooks';
import type { RefObject } from 'preact';
import { t } from '../../i18n';
import type { SeenCombat } from './combats';
import { S, W, H, squareXY } from './geometry';
import { type GameId, parseSq } from './model';
import type { GameConfig } from './model';
import { PieceArt, rankName } from './pieces';

// Screen pixels per SVG unit of the board, as drawn now.
export function useBoardScale(svgRef: RefObject<SVGSVGElement>): number {
  const [scale, setScale] = useState(1);
  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    const measure = () => {
      const m = svg.getScreenCTM();
      if (m && m.a > 0) setScale(m.a);
    };
    measure();
    const ro = typeof ResizeObserver !== 'undefined' ? new ResizeObserver(measure) : null;
    ro?.observe(svg);
    window.addEventListener('resize', measure);
    return () => {
      ro?.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [svgRef.current]);
  return scale;
}

// Who fought, in words: "Red's Colonel (8)", "Blue's piece" where the viewer did not see it.
export function fighterWords(game: GameId, p: { owner: number; rank: string }, names: string[]): string {
  const side = names[p.owner] ?? '';
  return p.rank === '?' ? t('stratego.side_piece', { side }) : t('stratego.side_rank', { side, rank: rankName(game, p.rank) });
}

export function outcomeWords(game: GameId, c: SeenCombat, names: string[]): string {
  if (c.result === 'both') return t('stratego.combat_both');
  return t('stratego.combat_pop_wins', { who: fighterWords(game, c.result === 'attacker' ? c.attacker : c.defender, names) });
}

const CARD_W = 270, CARD_H = 124, ICON = 48; // screen pixels

// A label at most `max` units wide (squeezed where a long rank name would overflow).
function Label({ x, y, size, max, text, cls }: { x: number; y: number; size: number; max: number; text: string; cls: string }) {
  const squeeze = text.length * size * 0.56 > max;
  return (
    <text class={cls} x={x} y={y} font-size={size} text-anchor="middle" textLength={squeeze ? max : undefined} lengthAdjust={squeeze ? 'spacingAndGlyphs' : undefined}>
      {text}
    </text>
  );
}

export function CombatPop({ cfg, combat, flip, scale, names }: { cfg: GameConfig; combat: SeenCombat; flip: boolean; scale: number; names: string[] }) {
  const game = cfg.id;
  const sq = parseSq(cfg, combat.square);
  if (sq < 0) return null;
  const u = 1 / scale; // SVG units per screen pixel
  const w = CARD_W * u, h = CARD_H * u;
  const [x, y] = squareXY(sq, flip);
  const left = Math.max(2, Math.min(W - w - 2, x + S / 2 - w / 2));
  const top = y - h - 6 >= 0 ? y - h - 6 : Math.min(H - h - 2, y + S + 6);
  const icon = ICON * u;
  const k = icon / 60;
  const fighters: [{ owner: number; rank: string }, number, boolean][] = [
    [combat.attacker, left + w / 2 - 30 * u - icon, combat.result !== 'attacker'],
    [combat.defender, left + w / 2 + 30 * u, combat.result !== 'defender'],
  ];
  return (
    <g
      class={`combat-pop result-${combat.result}`}
      data-testid="strat-combat-pop"
      data-combat-square={combat.square}
      data-attacker={combat.attacker.rank}
      data-defender={combat.defender.rank}
      data-result={combat.result}
      data-attacker-owner={combat.attacker.owner}
      data-seq={combat.seq}
      key={combat.seq}
    >
      <rect class="pop-square" x={x + 1} y={y + 1} width={S - 2} height={S - 2} rx="5" />
      <rect class="pop-card" x={left} y={top} width={w} height={h} rx={10 * u} />
      {fighters.map(([p, fx, lost], i) => (
        <g key={i} class={`pop-fighter ${lost ? 'lost' : 'won'}`}>
          <g transform={`translate(${fx} ${top + 8 * u}) scale(${k})`}>
            {!lost && <rect class="pop-won-ring" x="-3" y="-3" width="66" height="68" rx="10" />}
            <g class="pop-piece">
              <PieceArt game={game} owner={p.owner} rank={p.rank} />
            </g>
            {lost && <path class="pop-cross" d="M6 8 L54 56 M54 8 L6 56" />}
          </g>
          <Label cls="pop-rank" x={fx + icon / 2} y={top + (8 + ICON + 15) * u} size={12 * u} max={118 * u} text={p.rank === '?' ? t('stratego.unknown_piece') : rankName(game, p.rank)} />
        </g>
      ))}
      <text class="pop-vs" x={left + w / 2} y={top + (8 + ICON / 2 + 8) * u} font-size={22 * u} text-anchor="middle">
        ⚔
      </text>
      <Label cls="pop-outcome" x={left + w / 2} y={top + h - 12 * u} size={14 * u} max={w - 16 * u} text={outcomeWords(game, combat, names)} />
    </g>
  );
}
