// A winning hand entered tile by tile: the hand so far (each tile or meld pressed to take it out), where the
// next tile goes (concealed, the winning tile, a chow, pung, kong or concealed kong), and the picker. Once the
// concealed tiles are complete the winning tile is asked for next.
import { useId, useState } from 'react';
import { Button, ToggleButton, ToggleButtonGroup } from 'react-aria-components';
import { HandGroups, HandTiles as HandTileRow } from './HandTiles.tsx';
import {
  canPick,
  clearWinning,
  concealedTarget,
  EMPTY_HAND,
  type HandTiles,
  MELD_KINDS,
  type PickTarget,
  pick,
  removeConcealed,
  removeFlower,
  removeMeld,
  tilesInHand,
} from './hand-model.ts';
import { useTileLabel, useTileWords } from './names.ts';
import { countTiles, formatTiles, suitOf, type Tile } from './notation.ts';
import { TileFace } from './TileFace.tsx';
import { TilePicker } from './TilePicker.tsx';
import './tiles.css';

const TARGETS: readonly PickTarget[] = ['concealed', 'winning', ...MELD_KINDS];

export interface HandEditorProps {
  readonly hand: HandTiles;
  readonly onChange: (hand: HandTiles) => void;
  /** Whether the ruleset plays flowers and seasons. */
  readonly flowers: boolean;
  /** Whose hand, for the controls' names when several winners are entered ("South's hand"). */
  readonly owner: string;
}

export function HandEditor({ hand, onChange, flowers, owner }: HandEditorProps) {
  const { t } = useTileWords();
  const labelOf = useTileLabel();
  const [target, setTarget] = useState<PickTarget>('concealed');
  const headingId = useId();
  const counts = countTiles([...tilesInHand(hand), ...hand.flowers]);
  const expected = concealedTarget(hand);

  const onPick = (tile: Tile) => {
    const next = pick(hand, target, tile);
    onChange(next);
    if (suitOf(tile) === 'f') return;
    if (target !== 'concealed') setTarget('concealed');
    else if (next.concealed.length === concealedTarget(next) && next.winning === null) setTarget('winning');
  };

  return (
    <div className="tiles-editor">
      <div className="tiles-editor__hand">
        <section className="tiles-editor__part" aria-labelledby={`${headingId}-concealed`}>
          <h4 id={`${headingId}-concealed`}>
            {t('hand.concealed', { count: hand.concealed.length, target: expected })}
          </h4>
          <HandTileRow
            label={`${owner}: ${t('hand.target.concealed')}`}
            tiles={hand.concealed}
            onRemove={(i) => onChange(removeConcealed(hand, i))}
          />
        </section>
        <section className="tiles-editor__part" aria-labelledby={`${headingId}-winning`}>
          <h4 id={`${headingId}-winning`}>{t('hand.winning')}</h4>
          {hand.winning === null ? (
            <p className="tiles-hand__empty">{t('hand.none')}</p>
          ) : (
            <Button
              className="tiles-hand__item tiles-hand__winning"
              aria-label={t('hand.removeWinning', { tile: labelOf(hand.winning) })}
              onPress={() => onChange(clearWinning(hand))}
            >
              <TileFace tile={hand.winning} decorative className="tiles-hand__face" />
            </Button>
          )}
        </section>
        <section className="tiles-editor__part" aria-labelledby={`${headingId}-melds`}>
          <h4 id={`${headingId}-melds`}>{t('hand.melds')}</h4>
          <HandGroups
            label={`${owner}: ${t('hand.melds')}`}
            groups={hand.melds.map((meld, i) => ({
              id: String(i),
              tiles: meld.tiles,
              concealed: meld.kind === 'concealed-kong',
              label: t('hand.removeMeld', {
                kind: t(`hand.target.${meld.kind}`),
                tiles: formatTiles(meld.tiles),
              }),
            }))}
            onRemove={(id) => onChange(removeMeld(hand, Number(id)))}
          />
        </section>
        {flowers && (
          <section className="tiles-editor__part" aria-labelledby={`${headingId}-flowers`}>
            <h4 id={`${headingId}-flowers`}>{t('hand.flowers')}</h4>
            <HandTileRow
              label={`${owner}: ${t('hand.flowers')}`}
              tiles={hand.flowers}
              onRemove={(i) => onChange(removeFlower(hand, i))}
            />
          </section>
        )}
      </div>

      <ToggleButtonGroup
        aria-label={`${owner}: ${t('hand.targets')}`}
        className="tiles-editor__targets"
        selectionMode="single"
        disallowEmptySelection
        selectedKeys={[target]}
        onSelectionChange={(keys) => {
          const [next] = [...keys];
          if (next !== undefined) setTarget(next as PickTarget);
        }}
      >
        {TARGETS.map((key) => (
          <ToggleButton key={key} id={key} className="tiles-editor__target">
            {t(`hand.target.${key}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <p className="tiles-editor__hint" aria-live="polite">
        {t('hand.targets')}: <strong>{t(`hand.target.${target}`)}</strong>
        {target === 'chow' && ` — ${t('hand.chowHint')}`}
      </p>
      <TilePicker
        label={`${owner}: ${t('picker.label')}`}
        flowers={flowers}
        counts={counts}
        canPick={(tile) => canPick(hand, target, tile)}
        onPick={onPick}
      />
      <Button className="button button--secondary tiles-editor__clear" onPress={() => onChange(EMPTY_HAND)}>
        {t('hand.clear')}
      </Button>
    </div>
  );
}
