// The tile's body every face is drawn on: an ivory face over a green back that shows as the tile's thickness.
// Faces draw in a 60 × 80 box; the face itself is 56 × 75 from (1, 1), its centre at (29, 38.5).
import type { ReactNode } from 'react';

export const FACE = { x: 1, y: 1, width: 56, height: 75, cx: 29, cy: 38.5 } as const;

export const INK = {
  ivory: '#fbf8ee',
  black: '#161616',
  navy: '#14213d',
  red: '#c4302b',
  green: '#17753a',
  darkGreen: '#0f5228',
  blue: '#1e4fa3',
  gold: '#c98a0b',
  back: '#1f6f54',
} as const;

/** Traditional characters first, then any CJK font, then the system's serif. */
export const CJK_FONT =
  '"Noto Serif CJK TC", "Noto Serif CJK HK", "Noto Sans CJK TC", "Source Han Serif TC", serif';

export function TileBody({
  children,
  face = INK.ivory,
}: {
  readonly children?: ReactNode;
  readonly face?: string;
}) {
  return (
    <>
      <rect x={2.5} y={3.5} width={FACE.width} height={FACE.height} rx={6} fill={INK.back} />
      <rect
        x={FACE.x}
        y={FACE.y}
        width={FACE.width}
        height={FACE.height}
        rx={6}
        fill={face}
        stroke="#a9a28c"
        strokeWidth={1}
      />
      {children}
    </>
  );
}

/** A CJK character drawn as text, centred on (x, y). */
export function Glyph({
  char,
  x = FACE.cx,
  y,
  size,
  fill,
  weight = 700,
}: {
  readonly char: string;
  readonly x?: number;
  readonly y: number;
  readonly size: number;
  readonly fill: string;
  readonly weight?: number;
}) {
  return (
    <text
      x={x}
      y={y}
      fontSize={size}
      fontFamily={CJK_FONT}
      fontWeight={weight}
      fill={fill}
      textAnchor="middle"
      dominantBaseline="central"
    >
      {char}
    </text>
  );
}
