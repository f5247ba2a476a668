// The six army colours, each with a pattern, a counter shape and a letter, so that no player
// depends on hue alone: under red-green colour blindness vermelha and verde look alike, so their
// patterns (diagonal stripes, a checkerboard) and counters (square, diamond) differ as well.
export type Shape = 'circle' | 'square' | 'diamond' | 'hexagon';
export interface Colour {
  fill: string; // the territory's tint
  badge: string; // the army counter
  ink: string; // text on the counter
  letter: string;
  pattern: string; // pattern id, '' for none
  shape: Shape; // the army counter's outline
}

export const COLOURS: Record<string, Colour> = {
  branca: { fill: '#f6f3ec', badge: '#ffffff', ink: '#1f2328', letter: 'B', pattern: '', shape: 'circle' },
  vermelha: { fill: '#e46a5f', badge: '#c62f26', ink: '#ffffff', letter: 'V', pattern: 'stripes', shape: 'square' },
  preta: { fill: '#55534f', badge: '#1d1d1d', ink: '#ffffff', letter: 'P', pattern: 'dots', shape: 'circle' },
  azul: { fill: '#6f9be0', badge: '#1f5fc4', ink: '#ffffff', letter: 'A', pattern: 'hlines', shape: 'hexagon' },
  amarela: { fill: '#f2cf5b', badge: '#f0bd1c', ink: '#1f2328', letter: 'Am', pattern: 'cross', shape: 'circle' },
  verde: { fill: '#68b26c', badge: '#237a33', ink: '#ffffff', letter: 'Vd', pattern: 'checker', shape: 'diamond' },
};

export const NEUTRAL: Colour = { fill: '#d9d3c4', badge: '#9a9384', ink: '#ffffff', letter: 'N', pattern: '', shape: 'circle' };
export const VACANT: Colour = { fill: '#ece7da', badge: '#ffffff', ink: '#6b6f76', letter: '', pattern: '', shape: 'circle' };

export function colourOf(owner: string | null | undefined): Colour {
  if (!owner) return VACANT;
  return COLOURS[owner] ?? NEUTRAL;
}

// The patterns, drawn over a territory's tint.
export function PatternDefs() {
  const light = 'rgba(255,255,255,0.55)';
  const dark = 'rgba(0,0,0,0.28)';
  return (
    <defs>
      <pattern id="war-stripes" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
        <rect width="2.4" height="6" fill={light} />
      </pattern>
      <pattern id="war-checker" width="7" height="7" patternUnits="userSpaceOnUse">
        <rect width="3.5" height="3.5" fill={light} />
        <rect x="3.5" y="3.5" width="3.5" height="3.5" fill={light} />
      </pattern>
      <pattern id="war-dots" width="5" height="5" patternUnits="userSpaceOnUse">
        <circle cx="2.5" cy="2.5" r="1" fill={light} />
      </pattern>
      <pattern id="war-hlines" width="6" height="5" patternUnits="userSpaceOnUse">
        <rect width="6" height="1.6" fill={light} />
      </pattern>
      <pattern id="war-cross" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
        <rect width="1.3" height="6" fill={dark} />
        <rect width="6" height="1.3" fill={dark} />
      </pattern>
      <filter id="war-shadow" x="-30%" y="-30%" width="160%" height="160%">
        <feDropShadow dx="0" dy="0.8" stdDeviation="0.8" flood-opacity="0.45" />
      </filter>
    </defs>
  );
}

// An army counter of `shape`, centred on (x, y), about as big as a circle of radius r.
export function Badge({ shape, x, y, r, ...rest }: { shape: Shape; x: number; y: number; r: number } & Record<string, any>) {
  if (shape === 'square') {
    const h = r * 0.9;
    return <rect x={x - h} y={y - h} width={2 * h} height={2 * h} rx={r * 0.22} {...rest} />;
  }
  if (shape === 'diamond') {
    const d = r * 1.22;
    return <path d={`M${x},${y - d}L${x + d},${y}L${x},${y + d}L${x - d},${y}Z`} {...rest} />;
  }
  if (shape === 'hexagon') {
    const h = r * 1.08;
    const pts = [0, 1, 2, 3, 4, 5].map((k) => {
      const a = (Math.PI / 3) * k;
      return `${(x + h * Math.cos(a)).toFixed(2)},${(y + h * Math.sin(a)).toFixed(2)}`;
    });
    return <polygon points={pts.join(' ')} {...rest} />;
  }
  return <circle cx={x} cy={y} r={r} {...rest} />;
}

// A swatch of a colour with its pattern, its counter's shape and its letter, for the legend and
// the seat lists.
export function Swatch({ owner }: { owner: string }) {
  const c = colourOf(owner);
  return (
    <svg class="war-swatch" viewBox="0 0 24 16" aria-hidden="true">
      <PatternDefs />
      <rect x="0.5" y="0.5" width="23" height="15" rx="3" fill={c.fill} stroke="#555" />
      {c.pattern && <rect x="0.5" y="0.5" width="23" height="15" rx="3" fill={`url(#war-${c.pattern})`} />}
      <Badge shape={c.shape} x={12} y={8} r={6.2} fill={c.badge} stroke="#2b2a27" stroke-width="0.8" />
      <text x="12" y="10.6" text-anchor="middle" font-size={c.letter.length > 1 ? 6 : 7.5} font-weight="700" fill={c.ink}>
        {c.letter}
      </text>
    </svg>
  );
}
