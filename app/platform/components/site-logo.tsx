/**
 * The header logo, drawn inline (public/images/logo-{mobile,banner}.svg are the same drawings): a
 * small logo below 830 px, the banner above (CSS shows one). No request stands before the first
 * paint, and on a page as short as the login form the logo is the largest thing painted.
 */
export function SiteLogo({ shortName, name }: { shortName: string; name: string }) {
  return (
    <>
      <svg
        className="brand-logo-mobile"
        viewBox="0 0 160 48"
        width="160"
        height="48"
        aria-hidden="true"
        focusable="false"
      >
        <rect width="160" height="48" fill="#14213d" />
        <circle cx="138" cy="22" r="10" fill="#fca311" />
        <ShortName text={shortName} x="10" y="33" fontSize="26" width={112} />
      </svg>
      <svg
        className="brand-logo"
        viewBox="0 0 960 160"
        width="960"
        height="160"
        preserveAspectRatio="xMidYMid slice"
        aria-hidden="true"
        focusable="false"
      >
        <defs>
          <linearGradient id="logo-sky" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor="#14213d" />
            <stop offset="1" stopColor="#2d4a7a" />
          </linearGradient>
        </defs>
        <rect width="960" height="160" fill="url(#logo-sky)" />
        <circle cx="820" cy="70" r="38" fill="#fca311" />
        <path d="M0 130c120-30 240-30 360 0s240 30 360 0 180-20 240-10v40H0z" fill="#1f7a8c" />
        <path d="M0 145c140-18 260-18 400 0s260 18 560-5v20H0z" fill="#e5e5e5" opacity=".35" />
        <ShortName text={shortName} x="60" y="92" fontSize="64" width={640} />
        {/* The event's own name (the organiser's, up to 80 characters): squeezed, never past the sun. */}
        <text
          x="64"
          y="124"
          fontFamily="system-ui, sans-serif"
          fontSize="20"
          fill="#fca311"
          {...(name.length > 56 ? { textLength: 700, lengthAdjust: "spacingAndGlyphs" } : {})}
        >
          the {name} weekend
        </text>
      </svg>
    </>
  );
}

type ShortNameProps = { text: string; x: string; y: string; fontSize: string; width: number };

function ShortName({ text, x, y, fontSize, width }: ShortNameProps) {
  // A longer short name than the spec's five letters is squeezed into the same space.
  const squeeze = text.length > 5 ? { textLength: width, lengthAdjust: "spacingAndGlyphs" as const } : {};
  return (
    <text
      x={x}
      y={y}
      fontFamily="Georgia, serif"
      fontSize={fontSize}
      fontWeight="700"
      fill="#fff"
      {...squeeze}
    >
      {text}
    </text>
  );
}
