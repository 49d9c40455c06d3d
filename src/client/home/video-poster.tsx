/**
 * The demo video's poster, drawn inline (no image request, sharp at any size): a facility
 * dashboard with temperature and humidity readings for server rooms, freezers and storage.
 */
export function VideoPoster() {
  return (
    <svg
      viewBox="0 0 1600 900"
      className="absolute inset-0 h-full w-full"
      aria-hidden="true"
      focusable="false"
      preserveAspectRatio="xMidYMid slice"
    >
      <defs>
        <linearGradient id="poster-bg" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#0f172a" />
          <stop offset="1" stopColor="#312e81" />
        </linearGradient>
      </defs>
      <rect width="1600" height="900" fill="url(#poster-bg)" />
      <g fill="#1e293b" stroke="#334155" strokeWidth="2">
        <rect x="80" y="90" width="440" height="300" rx="20" />
        <rect x="580" y="90" width="440" height="300" rx="20" />
        <rect x="1080" y="90" width="440" height="300" rx="20" />
        <rect x="80" y="450" width="940" height="360" rx="20" />
        <rect x="1080" y="450" width="440" height="360" rx="20" />
      </g>
      <g fontFamily="ui-sans-serif, system-ui, sans-serif" fill="#cbd5e1" fontSize="30">
        <text x="120" y="150">
          Server room A
        </text>
        <text x="620" y="150">
          Freezer 3
        </text>
        <text x="1120" y="150">
          Storage bay
        </text>
        <text x="120" y="510">
          Temperature, last 24 h
        </text>
        <text x="1120" y="510">
          Humidity
        </text>
      </g>
      <g fontFamily="ui-sans-serif, system-ui, sans-serif" fontWeight="700" fontSize="84">
        <text x="120" y="290" fill="#34d399">
          21.4°C
        </text>
        <text x="620" y="290" fill="#60a5fa">
          -18.2°C
        </text>
        <text x="1120" y="290" fill="#fbbf24">
          16.9°C
        </text>
      </g>
      <polyline
        fill="none"
        stroke="#818cf8"
        strokeWidth="6"
        strokeLinejoin="round"
        points="120,720 200,690 280,705 360,650 440,668 520,610 600,640 680,590 760,615 840,560 920,585 980,570"
      />
      <polyline
        fill="none"
        stroke="#34d399"
        strokeWidth="6"
        strokeLinejoin="round"
        points="120,760 200,750 280,758 360,735 440,745 520,720 600,732 680,715 760,728 840,700 920,712 980,705"
      />
      <g fill="#6366f1">
        <rect x="1130" y="700" width="60" height="80" rx="6" />
        <rect x="1220" y="630" width="60" height="150" rx="6" />
        <rect x="1310" y="670" width="60" height="110" rx="6" />
        <rect x="1400" y="600" width="60" height="180" rx="6" />
      </g>
    </svg>
  );
}
