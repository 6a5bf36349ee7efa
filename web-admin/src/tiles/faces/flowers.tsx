// Flowers (梅 蘭 竹 菊) and seasons (春 夏 秋 冬): the character, with its number 1–4 in the top corner.
// Flowers in red, seasons in blue, so the two sets tell apart at a glance.
import { CJK_FONT, Glyph, INK } from './frame.tsx';

const FLOWERS = ['梅', '蘭', '竹', '菊', '春', '夏', '秋', '冬'];

export function FlowersFace({ rank }: { readonly rank: number }) {
  const season = rank > 4;
  const colour = season ? INK.blue : INK.red;
  const number = season ? rank - 4 : rank;
  return (
    <>
      <circle cx={12} cy={12.5} r={7} fill="none" stroke={colour} strokeWidth={1.4} />
      <text
        x={12}
        y={12.8}
        fontSize={10.5}
        fontWeight={700}
        fontFamily={`system-ui, ${CJK_FONT}`}
        fill={colour}
        textAnchor="middle"
        dominantBaseline="central"
      >
        {number}
      </text>
      <Glyph char={FLOWERS[rank - 1]!} y={46} size={34} fill={colour} />
      <path
        d={season ? 'M12 70 H46' : 'M12 70 Q 29 64 46 70'}
        stroke={colour}
        strokeWidth={1.4}
        fill="none"
        strokeLinecap="round"
      />
    </>
  );
}
