// The treasure chest of the skin shop, drawn in SVG: closed, or open with its light.
export function ChestArt({ open = false, dim = false }: { open?: boolean; dim?: boolean }) {
  return (
    <svg
      className={`chest-art${open ? ' is-open' : ''}${dim ? ' is-dim' : ''}`}
      viewBox="0 0 200 170"
      aria-hidden="true"
    >
      <defs>
        <linearGradient id="chest-wood" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#b86b2e" />
          <stop offset="1" stopColor="#7a3f14" />
        </linearGradient>
        <linearGradient id="chest-lid" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#d9843c" />
          <stop offset="1" stopColor="#9a5220" />
        </linearGradient>
        <linearGradient id="chest-gold" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ffe58a" />
          <stop offset="1" stopColor="#d99a1c" />
        </linearGradient>
        <radialGradient id="chest-glow">
          <stop offset="0" stopColor="#fff6c4" stopOpacity="1" />
          <stop offset="1" stopColor="#ffc94a" stopOpacity="0" />
        </radialGradient>
      </defs>
      <ellipse cx="100" cy="160" rx="80" ry="8" fill="rgba(0,0,0,0.25)" />
      {open ? (
        <ellipse className="chest-art__glow" cx="100" cy="78" rx="95" ry="70" fill="url(#chest-glow)" />
      ) : null}
      {/* body */}
      <rect
        x="25"
        y="80"
        width="150"
        height="78"
        rx="8"
        fill="url(#chest-wood)"
        stroke="#4a2308"
        strokeWidth="4"
      />
      <path d="M25 104h150M25 132h150" stroke="#5c2d0c" strokeWidth="3" opacity="0.5" />
      <rect x="40" y="80" width="16" height="78" fill="url(#chest-gold)" stroke="#8a5a00" strokeWidth="2" />
      <rect x="144" y="80" width="16" height="78" fill="url(#chest-gold)" stroke="#8a5a00" strokeWidth="2" />
      {/* lid */}
      <g className="chest-art__lid">
        <path
          d="M25 82V60c0-24 34-40 75-40s75 16 75 40v22z"
          fill="url(#chest-lid)"
          stroke="#4a2308"
          strokeWidth="4"
          strokeLinejoin="round"
        />
        <path d="M40 82V48c3-8 8-14 16-18v52zM160 82V48c-3-8-8-14-16-18v52z" fill="url(#chest-gold)" />
        <path d="M25 78h150" stroke="#8a5a00" strokeWidth="6" />
      </g>
      {/* lock */}
      <g className="chest-art__lock">
        <rect
          x="86"
          y="72"
          width="28"
          height="34"
          rx="6"
          fill="url(#chest-gold)"
          stroke="#8a5a00"
          strokeWidth="3"
        />
        <circle cx="100" cy="86" r="5" fill="#5c3a00" />
        <path d="M98 88h4l1 10h-6z" fill="#5c3a00" />
      </g>
      {/* sparkles */}
      <path className="chest-art__spark" d="M30 30l3 8 8 3-8 3-3 8-3-8-8-3 8-3z" fill="#fff4b0" />
      <path className="chest-art__spark" d="M172 18l2 6 6 2-6 2-2 6-2-6-6-2 6-2z" fill="#fff4b0" />
    </svg>
  );
}
