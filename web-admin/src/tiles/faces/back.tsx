// A concealed tile shown face down: the plain back.
import { FACE, INK } from './frame.tsx';

export function TileBack() {
  return (
    <>
      <rect x={2.5} y={3.5} width={FACE.width} height={FACE.height} rx={6} fill="#134a38" />
      <rect x={FACE.x} y={FACE.y} width={FACE.width} height={FACE.height} rx={6} fill={INK.back} />
      <rect
        x={FACE.x + 4}
        y={FACE.y + 4}
        width={FACE.width - 8}
        height={FACE.height - 8}
        rx={4}
        fill="none"
        stroke="#5fa88a"
        strokeWidth={1.2}
      />
    </>
  );
}
