// The table cards of a round, to print and put on the tables: one A6 card per table. Making them issues the
// round's sign-in tokens afresh (the ones on cards printed before stop working), so the page says so and
// waits for the organizer's word before it does; the tokens stay in this page's memory only.
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Loading, Problem } from '../../components/Problem.tsx';
import { registerMessages } from '../../i18n/index.ts';
import { useSession } from '../../session/session.tsx';
import { messages } from './messages.ts';
import { TableCard } from './TableCard.tsx';
import { useIssueCards, useRoundOfTournament } from './table-cards-api.ts';
import './table-cards.css';

registerMessages('table-cards', messages);

/**
 * A6 paper (105 × 148 mm: browsers know no A6 keyword) for the cards, only while this page is open: an @page rule in the page's stylesheet would stay in
 * the document after the app moves on and size every page printed later.
 */
const PRINT_PAGE = '@page { size: 105mm 148mm; margin: 5mm; }';

export function TableCardsPage() {
  const { tournamentId = '', round: roundParam = '' } = useParams();
  const round = Number(roundParam);
  const { t } = useTranslation('table-cards');
  const { principal } = useSession();
  const tournament = useRoundOfTournament(tournamentId, round);
  const cards = useIssueCards(tournamentId, round);
  const rounds = `/tournaments/${encodeURIComponent(tournamentId)}/rounds`;

  if (principal !== undefined && principal.role !== 'organizer')
    return (
      <>
        <PageHeader title={t('titleLoading')} />
        <p className="problem" role="alert">
          {t('common:state.forbidden')}
        </p>
      </>
    );
  if (tournament.isPending)
    return (
      <>
        <PageHeader title={t('titleLoading')} />
        <Loading />
      </>
    );
  if (tournament.isError)
    return (
      <>
        <PageHeader title={t('titleLoading')} />
        <Problem error={tournament.error} onRetry={() => void tournament.refetch()} />
      </>
    );

  const { name, round: held } = tournament.data;
  const printable = held !== undefined && (held.phase === 'seated' || held.phase === 'started');
  const made = cards.data;
  return (
    <div className="table-cards">
      <style>{PRINT_PAGE}</style>
      <div className="no-print">
        <PageHeader
          title={t('title', { round })}
          actions={
            <>
              <Link className="button button--secondary table-cards__link" to={rounds}>
                {t('backToRounds')}
              </Link>
              {made !== undefined && (
                <Button variant="primary" onPress={() => window.print()}>
                  {t('common:actions.print')}
                </Button>
              )}
            </>
          }
        />
        {!printable ? (
          <p className="notice">
            {held === undefined ? t('noRound', { round }) : t(`notPrintable.${held.phase}`, { round })}
          </p>
        ) : (
          <section className="panel table-cards__make" aria-labelledby="table-cards-make">
            <h2 id="table-cards-make">{made === undefined ? t('make.title') : t('make.againTitle')}</h2>
            <p>
              {t('make.what', { count: held.tables.length, round, name })}{' '}
              {t(`make.tokens.${held.recording}`)}
            </p>
            <p className="notice">{made === undefined ? t('make.revokes') : t('make.revokesPrinted')}</p>
            <Button
              variant={made === undefined ? 'primary' : 'secondary'}
              isDisabled={cards.isPending}
              onPress={() => cards.mutate()}
            >
              {made === undefined
                ? t('make.submit', { count: held.tables.length })
                : t('make.again', { count: held.tables.length })}
            </Button>
            {cards.isPending && <Loading />}
            <Problem error={cards.error} />
            {made !== undefined && (
              <p className="success" role="status">
                {t('make.done', { count: made.tables.length })}{' '}
                {made.revoked.seat + made.revoked.scorer > 0 &&
                  t('make.revoked', { count: made.revoked.seat + made.revoked.scorer })}
              </p>
            )}
          </section>
        )}
      </div>
      {made !== undefined && (
        <ul className="table-cards__grid" aria-label={t('cardsLabel', { round })}>
          {made.tables.map((card) => (
            <li key={card.table}>
              <TableCard card={card} name={made.name} round={made.round} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
