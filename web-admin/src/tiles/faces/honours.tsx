// Honours (字牌): the winds 東 南 西 北 in dark ink; the dragons 中 in red, 發 in green, and White as an empty
// blue frame.
import { FACE, Glyph, INK } from './frame.tsx';

const WINDS = ['東', '南', '西', '北'];

function WhiteDragon() {
  return (
    <g fill="none" stroke={INK.blue}>
      <rect x={10} y={11} width={38} height={55} rx={3} strokeWidth={3.2} />
      <rect x={15.5} y={16.5} width={27} height={44} rx={1.5} strokeWidth={1.4} />
    </g>
  );
}

export function HonoursFace({ rank }: { readonly rank: number }) {
  if (rank <= 4) return <Glyph char={WINDS[rank - 1]!} y={FACE.cy} size={40} fill={INK.navy} />;
  switch (rank) {
    case 5:
      return <WhiteDragon />;
    case 6:
      return <Glyph char="發" y={FACE.cy} size={42} fill={INK.green} />;
    default:
      return <Glyph char="中" y={FACE.cy} size={44} fill={INK.red} />;
  }
}
