// The pieces, drawn in a 60 x 60 box. Red's pieces have cut corners and a triangle mark, Blue's are
// rounded with a round mark, so the sides differ by shape as well as colour. A face shows the rank
// as a number (Stratego's classic numbering: the Marshal is 10) or a symbol (Bomb, Flag, Mine,
// Headquarters); a back shows only the side's mark.
import type { JSX } from 'preact';
import { t } from '../../i18n';
import type { GameId } from './model';

export const SIDE_FILL = ['#b8342a', '#2463b5'];
export const SIDE_DARK = ['#6e1a14', '#12346a'];

export function rankName(game: GameId, rank: string): string {
  if (rank === '?') return t('stratego.unknown_piece');
  return t(`${game}.rank.${rank}`);
}

// What a face shows: a number, or '' when a symbol is drawn instead.
export function rankLabel(game: GameId, rank: string): string {
  if (game === 'stratego') {
    if (rank === 'X' || rank === '0' || rank === 'M') return '10';
    if (rank === 'B' || rank === 'F') return '';
    return rank;
  }
  if (rank === 'M' || rank === 'H') return '';
  return rank;
}

function Symbol({ game, rank }: { game: GameId; rank: string }) {
  const bomb = (game === 'stratego' && rank === 'B');
  const mine = game === 'espionage' && rank === 'M';
  if (bomb) {
    return (
      <g class="sym">
        <circle cx="28" cy="35" r="13" fill="#1b1b1b" stroke="#fff" stroke-width="2" />
        <circle cx="23" cy="30" r="3.5" fill="#fff" opacity="0.6" />
        <path d="M36 24 q6 -8 12 -6" fill="none" stroke="#fff" stroke-width="2.5" stroke-linecap="round" />
        <path d="M48 12 l2 5 l5 1 l-4 3 l1 5 l-4 -3 l-4 3 l1 -5 l-4 -3 l5 -1 z" fill="#ffd23f" stroke="#7a4b00" stroke-width="0.8" />
      </g>
    );
  }
  if (mine) {
    const spikes = [0, 45, 90, 135, 180, 225, 270, 315].map((a) => {
      const r = (a * Math.PI) / 180;
      return <line x1={30 + Math.cos(r) * 11} y1={32 + Math.sin(r) * 11} x2={30 + Math.cos(r) * 18} y2={32 + Math.sin(r) * 18} />;
    });
    return (
      <g class="sym">
        <g stroke="#fff" stroke-width="3.5" stroke-linecap="round">{spikes}</g>
        <circle cx="30" cy="32" r="12" fill="#1b1b1b" stroke="#fff" stroke-width="2" />
        <circle cx="26" cy="28" r="3" fill="#fff" opacity="0.6" />
      </g>
    );
  }
  if (game === 'stratego' && rank === 'F') {
    return (
      <g class="sym">
        <line x1="20" y1="12" x2="20" y2="50" stroke="#fff" stroke-width="3.5" stroke-linecap="round" />
        <path d="M21 13 L46 20 L21 29 Z" fill="#ffd23f" stroke="#fff" stroke-width="2" stroke-linejoin="round" />
        <line x1="13" y1="50" x2="30" y2="50" stroke="#fff" stroke-width="3.5" stroke-linecap="round" />
      </g>
    );
  }
  if (game === 'espionage' && rank === 'H') {
    return (
      <g class="sym">
        <path d="M12 30 L30 14 L48 30 Z" fill="#ffd23f" stroke="#fff" stroke-width="2.5" stroke-linejoin="round" />
        <rect x="17" y="30" width="26" height="18" fill="#fff" />
        <rect x="26" y="36" width="8" height="12" fill="#1b1b1b" />
      </g>
    );
  }
  return null;
}

// The side's mark: a triangle for Red, a circle for Blue.
export function SideMark({ owner, x, y, r }: { owner: number; x: number; y: number; r: number }) {
  if (owner === 0) {
    return <path d={`M${x} ${y - r} L${x + r * 0.95} ${y + r * 0.7} L${x - r * 0.95} ${y + r * 0.7} Z`} />;
  }
  return <circle cx={x} cy={y} r={r * 0.8} />;
}

function Outline({ owner, ...rest }: { owner: number } & JSX.SVGAttributes<SVGPathElement>) {
  if (owner === 0) return <path d="M12 3 H48 L57 12 V48 L48 57 H12 L3 48 V12 Z" {...rest} />;
  return <path d="M16 3 H44 A13 13 0 0 1 57 16 V44 A13 13 0 0 1 44 57 H16 A13 13 0 0 1 3 44 V16 A13 13 0 0 1 16 3 Z" {...rest} />;
}

export interface PieceArtProps {
  game: GameId;
  owner: number;
  rank: string; // '?' draws the back
  known?: boolean;
  moved?: boolean;
  ghost?: boolean;
}

// One piece, in a 60 x 60 box at the origin.
export function PieceArt({ game, owner, rank, known, moved, ghost }: PieceArtProps) {
  const back = rank === '?';
  const label = back ? '' : rankLabel(game, rank);
  const fill = SIDE_FILL[owner] ?? '#777';
  const dark = SIDE_DARK[owner] ?? '#333';
  return (
    <g class={`piece side-${owner}${back ? ' back' : ''}${ghost ? ' ghost' : ''}`}>
      <Outline owner={owner} fill={dark} transform="translate(0 2)" opacity="0.55" />
      <Outline owner={owner} fill={fill} stroke={dark} stroke-width="2" />
      {back ? (
        <g fill="none" stroke="#fff" stroke-width="2.5" opacity="0.9">
          <SideMark owner={owner} x={30} y={31} r={13} />
          <SideMark owner={owner} x={30} y={31} r={5} />
        </g>
      ) : (
        <>
          <g fill="#fff" opacity="0.85">
            <SideMark owner={owner} x={11} y={12} r={5} />
          </g>
          {label ? (
            <text x="31" y="32" class={`rank-num${label.length > 1 ? ' two' : ''}`} text-anchor="middle" dominant-baseline="central">
              {label}
            </text>
          ) : (
            <Symbol game={game} rank={rank} />
          )}
        </>
      )}
      {known && (
        <g class="known-mark" transform="translate(45 11)">
          <circle r="8" fill="#fff" stroke={dark} stroke-width="1.5" />
          <path d="M-5.5 0 Q0 -5 5.5 0 Q0 5 -5.5 0 Z" fill="none" stroke="#1b1b1b" stroke-width="1.4" />
          <circle r="1.9" fill="#1b1b1b" />
        </g>
      )}
      {moved && back && <circle class="moved-mark" cx="48" cy="48" r="4" fill="#fff" opacity="0.9" />}
    </g>
  );
}

// A piece as a small standalone picture (tray, lists, panel).
export function PieceIcon(props: PieceArtProps & { size?: number; title?: string }) {
  const size = props.size ?? 32;
  return (
    <svg class="piece-icon" viewBox="0 0 60 62" width={size} height={size} aria-hidden={props.title ? undefined : 'true'} role={props.title ? 'img' : undefined}>
      {props.title && <title>{props.title}</title>}
      <PieceArt {...props} />
    </svg>
  );
}
