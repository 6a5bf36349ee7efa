// Characters (萬子): the numeral in black above 萬 in red.
import { Glyph, INK } from './frame.tsx';

const NUMERALS = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

export function CharactersFace({ rank }: { readonly rank: number }) {
  return (
    <>
      <Glyph char={NUMERALS[rank - 1]!} y={21} size={27} fill={INK.black} />
      <Glyph char="萬" y={55} size={31} fill={INK.red} />
    </>
  );
}
