// The six army colours, each with a pattern and a letter, so that no player depends on hue alone.
export interface Colour {
  fill: string; // the territory's tint
  badge: string; // the army counter
  ink: string; // text on the counter
  letter: string;
  pattern: string; // pattern id, '' for none
}

export const COLOURS: Record<string, Colour> = {
  branca: { fill: '#f6f3ec', badge: '#ffffff', ink: '#1f2328', letter: 'B', pattern: '' },
  vermelha: { fill: '#e46a5f', badge: '#c62f26', ink: '#ffffff', letter: 'V', pattern: 'stripes' },
  preta: { fill: '#55534f', badge: '#1d1d1d', ink: '#ffffff', letter: 'P', pattern: 'dots' },
  azul: { fill: '#6f9be0', badge: '#1f5fc4', ink: '#ffffff', letter: 'A', pattern: 'hlines' },
  amarela: { fill: '#f2cf5b', badge: '#f0bd1c', ink: '#1f2328', letter: 'Am', pattern: 'cross' },
  verde: { fill: '#68b26c', badge: '#237a33', ink: '#ffffff', letter: 'Vd', pattern: 'back' },
};

export const NEUTRAL: Colour = { fill: '#d9d3c4', badge: '#9a9384', ink: '#ffffff', letter: 'N', pattern: '' };
export const VACANT: Colour = { fill: '#ece7da', badge: '#ffffff', ink: '#6b6f76', letter: '', pattern: '' };

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
      <pattern id="war-back" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(-45)">
        <rect width="2.4" height="6" fill={light} />
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

// A swatch of a colour with its pattern and letter, for the legend and the seat lists.
export function Swatch({ owner }: { owner: string }) {
  const c = colourOf(owner);
  return (
    <svg class="war-swatch" viewBox="0 0 24 16" aria-hidden="true">
      <PatternDefs />
      <rect x="0.5" y="0.5" width="23" height="15" rx="3" fill={c.fill} stroke="#555" />
      {c.pattern && <rect x="0.5" y="0.5" width="23" height="15" rx="3" fill={`url(#war-${c.pattern})`} />}
      <text x="12" y="11.5" text-anchor="middle" font-size="9" font-weight="700" fill={c.ink === '#ffffff' ? '#fff' : '#1f2328'}>
        {c.letter}
      </text>
    </svg>
  );
}
