import type { ReactNode } from "react";

type Box = { x: number; y: number; width: number; height: number };

/** One drawing of the scene: its size, the sun, where the ground starts, the roof, the house, its door. */
type Scene = {
  className: string;
  width: number;
  height: number;
  sun: { cx: number; cy: number; r: number };
  groundY: number;
  roof: string;
  house: Box;
  door: Box;
  /** What only this drawing has, drawn last. */
  extra?: ReactNode;
};

const MOBILE: Scene = {
  className: "art-mobile",
  width: 320,
  height: 200,
  sun: { cx: 250, cy: 60, r: 30 },
  groundY: 130,
  roof: "70,85 125,50 180,85",
  house: { x: 80, y: 85, width: 90, height: 50 },
  door: { x: 117, y: 107, width: 16, height: 28 },
};

const WIDE: Scene = {
  className: "art-wide",
  width: 600,
  height: 360,
  sun: { cx: 460, cy: 120, r: 60 },
  groundY: 230,
  roof: "140,150 240,90 340,150",
  house: { x: 160, y: 150, width: 160, height: 90 },
  door: { x: 225, y: 190, width: 30, height: 50 },
  extra: (
    <>
      <rect x="180" y="170" width="28" height="24" fill="#84a59d" />
      <rect x="272" y="170" width="28" height="24" fill="#84a59d" />
      <path
        d="M0 260c100-14 200-14 300 0s200 14 300 0"
        stroke="#f7ede2"
        strokeWidth="4"
        fill="none"
        opacity=".6"
      />
    </>
  ),
};

function Drawing({ scene, alt }: { scene: Scene; alt: string }) {
  const { className, width, height, sun, groundY, roof, house, door, extra } = scene;
  return (
    <svg
      className={className}
      viewBox={`0 0 ${width} ${height}`}
      width={width}
      height={height}
      role="img"
      aria-label={alt}
    >
      <rect width={width} height={height} fill="#f6bd60" />
      <circle {...sun} fill="#f28482" />
      <rect y={groundY} width={width} height={height - groundY} fill="#84a59d" />
      <polygon points={roof} fill="#6d4c41" />
      <rect {...house} fill="#f7ede2" />
      <rect {...door} fill="#6d4c41" />
      {extra}
    </svg>
  );
}

/**
 * The page illustration, drawn inline: a lighter drawing below the 830 px mobile breakpoint (CSS
 * shows one of the two). Inline SVG needs no request, so the first paint is the whole page.
 * The same drawings are public/images/weekend-{mobile,wide}.svg.
 */
export function ResponsiveImage({ alt = "A lake house at sunset" }: { alt?: string }) {
  return (
    <div className="art">
      <Drawing scene={MOBILE} alt={alt} />
      <Drawing scene={WIDE} alt={alt} />
    </div>
  );
}
