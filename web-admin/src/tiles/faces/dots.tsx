// Dots (筒子): one to nine circles in the standard arrangements, in blue, green and red.
import { FACE, INK } from './frame.tsx';

type Colour = 'b' | 'g' | 'r';
const COLOURS: Record<Colour, string> = { b: INK.blue, g: INK.green, r: INK.red };

/** Each face's circles: x, y, colour; and the radius they share. */
const LAYOUTS: readonly {
  readonly r: number;
  readonly dots: readonly (readonly [number, number, Colour])[];
}[] = [
  { r: 0, dots: [] },
  {
    r: 10.5,
    dots: [
      [29, 21, 'g'],
      [29, 56, 'b'],
    ],
  },
  {
    r: 9,
    dots: [
      [15.5, 16, 'b'],
      [29, 38.5, 'r'],
      [42.5, 61, 'g'],
    ],
  },
  {
    r: 9.5,
    dots: [
      [17, 20, 'b'],
      [41, 20, 'g'],
      [17, 57, 'g'],
      [41, 57, 'b'],
    ],
  },
  {
    r: 8.5,
    dots: [
      [15.5, 15.5, 'b'],
      [42.5, 15.5, 'g'],
      [29, 38.5, 'r'],
      [15.5, 61.5, 'g'],
      [42.5, 61.5, 'b'],
    ],
  },
  {
    r: 8,
    dots: [
      [18, 14, 'g'],
      [40, 14, 'g'],
      [18, 41, 'r'],
      [40, 41, 'r'],
      [18, 62, 'r'],
      [40, 62, 'r'],
    ],
  },
  {
    r: 7.2,
    dots: [
      [13.5, 12, 'g'],
      [29, 18, 'g'],
      [44.5, 24, 'g'],
      [19, 45, 'r'],
      [39, 45, 'r'],
      [19, 63.5, 'r'],
      [39, 63.5, 'r'],
    ],
  },
  {
    r: 7,
    dots: [
      [19, 12.5, 'b'],
      [39, 12.5, 'b'],
      [19, 30.5, 'b'],
      [39, 30.5, 'b'],
      [19, 48.5, 'b'],
      [39, 48.5, 'b'],
      [19, 66.5, 'b'],
      [39, 66.5, 'b'],
    ],
  },
  {
    r: 7,
    dots: [
      [13.5, 15.5, 'b'],
      [29, 15.5, 'b'],
      [44.5, 15.5, 'b'],
      [13.5, 38.5, 'r'],
      [29, 38.5, 'r'],
      [44.5, 38.5, 'r'],
      [13.5, 61.5, 'g'],
      [29, 61.5, 'g'],
      [44.5, 61.5, 'g'],
    ],
  },
];

function Dot({
  x,
  y,
  r,
  colour,
}: {
  readonly x: number;
  readonly y: number;
  readonly r: number;
  readonly colour: string;
}) {
  return (
    <g>
      <circle cx={x} cy={y} r={r} fill={colour} />
      <circle cx={x} cy={y} r={r * 0.7} fill="none" stroke={INK.ivory} strokeWidth={r * 0.16} />
      <circle cx={x} cy={y} r={r * 0.22} fill={INK.ivory} />
    </g>
  );
}

/** The one of dots: a single large medallion, rings of each colour. */
function OneDot() {
  const { cx, cy } = FACE;
  return (
    <g>
      <circle cx={cx} cy={cy} r={21} fill={INK.green} />
      <circle
        cx={cx}
        cy={cy}
        r={18.5}
        fill="none"
        stroke={INK.ivory}
        strokeWidth={1.6}
        strokeDasharray="3 2.2"
      />
      <circle cx={cx} cy={cy} r={15.5} fill={INK.blue} />
      <circle cx={cx} cy={cy} r={12} fill={INK.ivory} />
      <circle cx={cx} cy={cy} r={9.5} fill={INK.red} />
      <circle cx={cx} cy={cy} r={6.5} fill="none" stroke={INK.ivory} strokeWidth={1.4} />
      <circle cx={cx} cy={cy} r={2.6} fill={INK.ivory} />
    </g>
  );
}

export function DotsFace({ rank }: { readonly rank: number }) {
  if (rank === 1) return <OneDot />;
  const { r, dots } = LAYOUTS[rank - 1]!;
  return (
    <>
      {dots.map(([x, y, c]) => (
        <Dot key={`${x},${y}`} x={x} y={y} r={r} colour={COLOURS[c]} />
      ))}
    </>
  );
}
