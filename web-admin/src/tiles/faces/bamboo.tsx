// Bamboo (索子): green sticks with red accents (the centre of the 5, the top of the 7, the middle column of
// the 9); the one of bamboo is a bird.
import { BambooBird } from './bird.tsx';
import { INK } from './frame.tsx';

type Stick = readonly [x: number, y: number, length: number, red?: boolean, angle?: number];

const LAYOUTS: readonly (readonly Stick[])[] = [
  [],
  [
    [29, 22, 27],
    [29, 55, 27],
  ],
  [
    [29, 22, 27],
    [19, 55, 27],
    [39, 55, 27],
  ],
  [
    [18, 22, 27],
    [40, 22, 27],
    [18, 55, 27],
    [40, 55, 27],
  ],
  [
    [15, 22, 27],
    [43, 22, 27],
    [29, 38.5, 27, true],
    [15, 55, 27],
    [43, 55, 27],
  ],
  [
    [15, 22, 27],
    [29, 22, 27],
    [43, 22, 27],
    [15, 55, 27],
    [29, 55, 27],
    [43, 55, 27],
  ],
  [
    [29, 15, 18, true],
    [15, 39, 18],
    [29, 39, 18],
    [43, 39, 18],
    [15, 61, 18],
    [29, 61, 18],
    [43, 61, 18],
  ],
  [
    [10, 22, 27],
    [23, 22, 27, false, 18],
    [35, 22, 27, false, -18],
    [48, 22, 27],
    [10, 55, 27],
    [23, 55, 27, false, -18],
    [35, 55, 27, false, 18],
    [48, 55, 27],
  ],
  [
    [15, 15.5, 19],
    [29, 15.5, 19, true],
    [43, 15.5, 19],
    [15, 38.5, 19],
    [29, 38.5, 19, true],
    [43, 38.5, 19],
    [15, 61.5, 19],
    [29, 61.5, 19, true],
    [43, 61.5, 19],
  ],
];

function BambooStick({ stick, width }: { readonly stick: Stick; readonly width: number }) {
  const [x, y, length, red = false, angle = 0] = stick;
  const w = width / 2;
  const fill = red ? INK.red : INK.green;
  const node = red ? '#7d1a16' : INK.darkGreen;
  const half = length / 2;
  return (
    <g transform={`translate(${x} ${y}) rotate(${angle})`}>
      <rect x={-w} y={-half} width={width} height={length} rx={w} fill={fill} />
      <rect
        x={-w / 2}
        y={-half + 2}
        width={w * 0.4}
        height={length - 4}
        rx={0.6}
        fill="#ffffff"
        opacity={0.35}
      />
      {[-half + 2.2, 0, half - 2.2].map((at) => (
        <line
          key={at}
          x1={-w - 0.5}
          x2={w + 0.5}
          y1={at}
          y2={at}
          stroke={node}
          strokeWidth={1.6}
          strokeLinecap="round"
        />
      ))}
    </g>
  );
}

export function BambooFace({ rank }: { readonly rank: number }) {
  if (rank === 1) return <BambooBird />;
  // Fewer sticks stand thicker, as on a real set.
  const width = rank <= 6 ? 8 : 6.6;
  return (
    <>
      {LAYOUTS[rank - 1]!.map((stick) => (
        <BambooStick key={`${stick[0]},${stick[1]}`} stick={stick} width={width} />
      ))}
    </>
  );
}
