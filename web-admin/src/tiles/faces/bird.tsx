// The one of bamboo: a stylised bird (a sparrow on a bamboo stem), drawn here from simple shapes.
import { INK } from './frame.tsx';

export function BambooBird() {
  return (
    <g>
      {/* the stem it stands on */}
      <rect x={10} y={64} width={38} height={4.5} rx={2.2} fill={INK.green} />
      <line x1={29} x2={29} y1={64} y2={68.5} stroke={INK.darkGreen} strokeWidth={1.4} />
      {/* tail feathers, fanned down and back */}
      <path d="M20 46 Q 9 52 6 66 Q 14 58 22 52 Z" fill={INK.blue} />
      <path d="M21 48 Q 13 58 13 70 Q 19 61 25 53 Z" fill={INK.green} />
      <path d="M23 49 Q 20 60 22 71 Q 25 61 28 53 Z" fill={INK.red} />
      {/* legs */}
      <path
        d="M30 52 L 28 64 M 34 52 L 35 64"
        stroke={INK.gold}
        strokeWidth={1.8}
        strokeLinecap="round"
        fill="none"
      />
      {/* body and breast */}
      <ellipse cx={31} cy={41} rx={13} ry={11} fill={INK.green} transform="rotate(-25 31 41)" />
      <ellipse cx={36} cy={44} rx={7} ry={7.5} fill={INK.red} />
      {/* wing */}
      <path d="M22 36 Q 31 33 36 40 Q 30 48 21 46 Q 19 41 22 36 Z" fill={INK.darkGreen} />
      <path d="M24 40 Q 29 40 32 43" stroke={INK.ivory} strokeWidth={0.9} fill="none" />
      {/* head, crest, beak and eye */}
      <circle cx={40} cy={25} r={7.5} fill={INK.green} />
      <path d="M36 18.5 Q 38 11 44 12 Q 40 15 41 18 Z" fill={INK.red} />
      <path d="M46.5 23 L 54 26 L 46.5 28.5 Z" fill={INK.gold} />
      <circle cx={42.2} cy={23.5} r={2.3} fill={INK.ivory} />
      <circle cx={42.7} cy={23.5} r={1.2} fill={INK.black} />
    </g>
  );
}
