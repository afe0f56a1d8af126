/**
 * The page illustration, drawn inline: a lighter drawing below the 830 px mobile breakpoint (CSS
 * shows one of the two). Inline SVG needs no request, so the first paint is the whole page.
 * The same drawings are public/images/weekend-{mobile,wide}.svg.
 */
export function ResponsiveImage({ alt = "A lake house at sunset" }: { alt?: string }) {
  return (
    <div className="art">
      <svg className="art-mobile" viewBox="0 0 320 200" width="320" height="200" role="img" aria-label={alt}>
        <rect width="320" height="200" fill="#f6bd60" />
        <circle cx="250" cy="60" r="30" fill="#f28482" />
        <rect y="130" width="320" height="70" fill="#84a59d" />
        <polygon points="70,85 125,50 180,85" fill="#6d4c41" />
        <rect x="80" y="85" width="90" height="50" fill="#f7ede2" />
        <rect x="117" y="107" width="16" height="28" fill="#6d4c41" />
      </svg>
      <svg className="art-wide" viewBox="0 0 600 360" width="600" height="360" role="img" aria-label={alt}>
        <rect width="600" height="360" fill="#f6bd60" />
        <circle cx="460" cy="120" r="60" fill="#f28482" />
        <rect y="230" width="600" height="130" fill="#84a59d" />
        <polygon points="140,150 240,90 340,150" fill="#6d4c41" />
        <rect x="160" y="150" width="160" height="90" fill="#f7ede2" />
        <rect x="225" y="190" width="30" height="50" fill="#6d4c41" />
        <rect x="180" y="170" width="28" height="24" fill="#84a59d" />
        <rect x="272" y="170" width="28" height="24" fill="#84a59d" />
        <path
          d="M0 260c100-14 200-14 300 0s200 14 300 0"
          stroke="#f7ede2"
          strokeWidth="4"
          fill="none"
          opacity=".6"
        />
      </svg>
    </div>
  );
}
