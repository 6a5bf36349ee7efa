// The seating-quality report: repeat pairs, consecutive repeats, wind balance per player and table revisits,
// each total with what it counts and the players behind the numbers; with a plan, the same totals once the
// plan's rounds are seated too.
import type { ReactNode } from 'react';
import { Button, Disclosure, DisclosurePanel, Heading } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Loading, Problem } from '../../components/Problem.tsx';
import {
  lastSeated,
  metInARow,
  type SeatingQuality as Quality,
  useSeatingQuality,
} from './seating-quality.ts';
import {
  type NameOf,
  type SeatingCost,
  type TournamentView,
  type ViewRound,
  WINDS,
} from './tournament-view.ts';

type Totals = SeatingCost & { readonly tableRevisits?: number };
const TOTALS = ['repeatPairs', 'consecutiveRepeats', 'windImbalance', 'tableRevisits'] as const;

export function SeatingQuality({
  view,
  round,
  nameOf,
}: {
  readonly view: TournamentView;
  readonly round: ViewRound;
  readonly nameOf: NameOf;
}) {
  const { t } = useTranslation('rounds');
  const latest = round.round === lastSeated(view);
  const id = `rounds-quality-${round.round}`;
  return (
    <section className="panel rounds__quality" aria-labelledby={id}>
      <h3 id={id}>{t('quality.title')}</h3>
      <p className="rounds__muted">
        {round.round === 1 ? t('quality.first') : t('quality.upTo', { round: round.round })}
      </p>
      {latest ? (
        <LatestReport view={view} nameOf={nameOf} />
      ) : round.cost === null ? (
        <p>{t('quality.none')}</p>
      ) : (
        <TotalsList totals={round.cost} />
      )}
    </section>
  );
}

function LatestReport({ view, nameOf }: { readonly view: TournamentView; readonly nameOf: NameOf }) {
  const { t } = useTranslation('rounds');
  const quality = useSeatingQuality(view);
  if (quality.isPending) return <Loading />;
  if (quality.isError) return <Problem error={quality.error} onRetry={() => void quality.refetch()} />;
  const { seated, planned, plan } = quality.data;
  return (
    <>
      <TotalsList totals={seated} />
      <Details seated={seated} nameOf={nameOf} />
      {planned !== null && plan !== null && (
        <>
          <h4 className="rounds__planned-title">
            {t('quality.planned', { first: plan.firstRound, last: plan.lastRound })}
          </h4>
          <TotalsList totals={planned} />
        </>
      )}
    </>
  );
}

function TotalsList({ totals }: { readonly totals: Totals }) {
  const { t } = useTranslation('rounds');
  return (
    <dl className="rounds__totals">
      {TOTALS.filter((total) => totals[total] !== undefined).map((total) => (
        <div key={total} className="rounds__total">
          <dt>{t(`quality.${total}`)}</dt>
          <dd className="rounds__total-value">{totals[total]}</dd>
          <dd className="rounds__total-help">{t(`quality.${total}Help`)}</dd>
        </div>
      ))}
    </dl>
  );
}

function Details({ seated, nameOf }: { readonly seated: Quality; readonly nameOf: NameOf }) {
  const { t } = useTranslation('rounds');
  // Most out of balance first; then by name as people read it (Player 2 before Player 10).
  const winds = [...seated.windBalance].sort(
    (a, b) =>
      b.imbalance - a.imbalance ||
      nameOf(a.playerId).localeCompare(nameOf(b.playerId), undefined, { numeric: true }),
  );
  return (
    <>
      <Section
        title={t('quality.pairsTitle', { count: seated.pairs.length })}
        empty={seated.pairs.length === 0}
      >
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{t('quality.pair')}</th>
              <th scope="col">{t('quality.roundsMet')}</th>
            </tr>
          </thead>
          <tbody>
            {seated.pairs.map((pair) => (
              <tr key={pair.players.join('|')}>
                <td>{pair.players.map(nameOf).join(' · ')}</td>
                <td>
                  {pair.rounds.join(', ')}
                  {metInARow(pair.rounds) && <span className="rounds__flag">{t('quality.consecutive')}</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>
      <Section title={t('quality.windsTitle', { count: winds.length })} empty={winds.length === 0}>
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{t('quality.player')}</th>
              {WINDS.map((wind) => (
                <th key={wind} scope="col" className="number">
                  {t(`common:seats.${wind}`)}
                </th>
              ))}
              <th scope="col" className="number">
                {t('quality.imbalance')}
              </th>
            </tr>
          </thead>
          <tbody>
            {winds.map((row) => (
              <tr key={row.playerId}>
                <th scope="row">{nameOf(row.playerId)}</th>
                {WINDS.map((wind) => (
                  <td key={wind} className="number">
                    {row.winds[wind]}
                  </td>
                ))}
                <td className="number">{row.imbalance}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>
      <Section
        title={t('quality.revisitsTitle', { count: seated.revisits.length })}
        empty={seated.revisits.length === 0}
      >
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{t('quality.player')}</th>
              <th scope="col" className="number">
                {t('tables.table')}
              </th>
              <th scope="col">{t('quality.roundsAt')}</th>
            </tr>
          </thead>
          <tbody>
            {seated.revisits.map((row) => (
              <tr key={`${row.playerId}|${row.table}`}>
                <th scope="row">{nameOf(row.playerId)}</th>
                <td className="number">{row.table}</td>
                <td>{row.rounds.join(', ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>
    </>
  );
}

/** A list behind a disclosure (16 to 100 rows of winds would bury the totals); when empty, just its title. */
function Section({
  title,
  empty,
  children,
}: {
  readonly title: string;
  readonly empty: boolean;
  readonly children: ReactNode;
}) {
  if (empty)
    return (
      <p className="rounds__details-empty">
        <strong>{title}</strong>
      </p>
    );
  return (
    <Disclosure className="rounds__details">
      <Heading level={4} className="rounds__details-heading">
        <Button slot="trigger" className="rounds__details-trigger">
          {title}
        </Button>
      </Heading>
      <DisclosurePanel className="rounds__scroll">{children}</DisclosurePanel>
    </Disclosure>
  );
}
