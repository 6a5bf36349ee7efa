// A tile drawn by the app (SVG, UI.md "Tile faces"): its notation and name are its accessible name and its
// hover title ("5p, five of dots"). `tile="back"` draws a concealed tile face down.

import { TileBack } from './faces/back.tsx';
import { BambooFace } from './faces/bamboo.tsx';
import { CharactersFace } from './faces/characters.tsx';
import { DotsFace } from './faces/dots.tsx';
import { FlowersFace } from './faces/flowers.tsx';
import { TileBody } from './faces/frame.tsx';
import { HonoursFace } from './faces/honours.tsx';
import { tileLabel, useTileWords } from './names.ts';
import { rankOf, suitOf, type Tile } from './notation.ts';

/** A tile's height in CSS pixels, by name or in pixels; the width follows (3 : 4). */
export type TileSize = 'small' | 'medium' | 'large' | 'huge' | number;

const HEIGHTS = { small: 32, medium: 48, large: 72, huge: 160 } as const;

export interface TileFaceProps {
  readonly tile: Tile | 'back';
  readonly size?: TileSize;
  /** Inside a control that names the tile itself (a picker's button): hidden from screen readers. */
  readonly decorative?: boolean;
  readonly className?: string;
}

function Face({ tile }: { readonly tile: Tile }) {
  const rank = rankOf(tile);
  switch (suitOf(tile)) {
    case 'm':
      return <CharactersFace rank={rank} />;
    case 'p':
      return <DotsFace rank={rank} />;
    case 's':
      return <BambooFace rank={rank} />;
    case 'z':
      return <HonoursFace rank={rank} />;
    case 'f':
      return <FlowersFace rank={rank} />;
  }
}

export function TileFace({ tile, size = 'medium', decorative = false, className }: TileFaceProps) {
  const { t } = useTileWords();
  const label = tile === 'back' ? t('back') : tileLabel(t, tile);
  const height = typeof size === 'number' ? size : HEIGHTS[size];
  return (
    <svg
      viewBox="0 0 60 80"
      width={(height * 3) / 4}
      height={height}
      className={`tile-face ${className ?? ''}`.trim()}
      data-tile={tile}
      {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': label })}
    >
      <title>{label}</title>
      {tile === 'back' ? (
        <TileBack />
      ) : (
        <TileBody>
          <Face tile={tile} />
        </TileBody>
      )}
    </svg>
  );
}
