// One round, by its phase: scheduled (its schedule to change, and seating it), seated (its tables, the
// seating's quality, seating again, starting it), playing (the clock, each table's time, extra time, closing)
// and closed (each table's points, the tables closed unfinished).
import { Button, Disclosure, DisclosurePanel, Heading } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useNow } from './clock.ts';
import { RoundActions } from './RoundActions.tsx';
import { RoundClock } from './RoundClock.tsx';
import { RoundSummary } from './RoundSummary.tsx';
import { ScheduleForm } from './ScheduleForm.tsx';
import { SeatingQuality } from './SeatingQuality.tsx';
import { SeatPanel } from './SeatPanel.tsx';
import { TablesGrid } from './TablesGrid.tsx';
import { namesOf, type TournamentView, type ViewRound } from './tournament-view.ts';

export function RoundPanel({ view, round }: { readonly view: TournamentView; readonly round: ViewRound }) {
  const { t } = useTranslation('rounds');
  const now = useNow(round.phase === 'started' || round.phase === 'seated');
  const nameOf = namesOf(view, (n) => t('substitute', { n }));
  const seated = round.phase !== 'scheduled';
  return (
    <div className="rounds__round">
      <RoundSummary round={round} />
      {round.phase === 'started' && <RoundClock round={round} now={now} />}
      {round.phase === 'closed' && round.unfinished.length > 0 && (
        <p className="notice">
          {t('closed.unfinished', { count: round.unfinished.length, tables: round.unfinished.join(', ') })}
        </p>
      )}
      {seated && <RoundActions view={view} round={round} now={now} />}

      {round.phase === 'scheduled' && (
        <>
          <SeatPanel view={view} round={round} />
          <Disclosure className="rounds__details">
            <Heading level={3} className="rounds__details-heading">
              <Button slot="trigger" className="rounds__details-trigger">
                {t('schedule.change', { round: round.round })}
              </Button>
            </Heading>
            <DisclosurePanel>
              <ScheduleForm view={view} round={round.round} existing={round} />
            </DisclosurePanel>
          </Disclosure>
        </>
      )}

      {seated && <TablesGrid tournamentId={view.tournamentId} round={round} nameOf={nameOf} now={now} />}
      {seated && <SeatingQuality view={view} round={round} nameOf={nameOf} />}
      {round.phase === 'seated' && (
        <Disclosure className="rounds__details">
          <Heading level={3} className="rounds__details-heading">
            <Button slot="trigger" className="rounds__details-trigger">
              {t('seat.againTitle')}
            </Button>
          </Heading>
          <DisclosurePanel>
            <SeatPanel view={view} round={round} />
          </DisclosurePanel>
        </Disclosure>
      )}
    </div>
  );
}
