// The organizer's rounds: one tab per round (scheduled, seated, playing, closed) and one to schedule the next,
// with the seating plan of the whole event when the server offers it. The round playing opens first.
import { useState } from 'react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Loading, Problem } from '../../components/Problem.tsx';
import { registerMessages } from '../../i18n/index.ts';
import { messages } from './messages.ts';
import { RoundPanel } from './RoundPanel.tsx';
import { ScheduleForm } from './ScheduleForm.tsx';
import { SeatingPlan } from './SeatingPlan.tsx';
import { type TournamentView, useTournament } from './tournament-view.ts';
import './rounds.css';

registerMessages('rounds', messages);

const NEXT = 'next';

export function RoundsPage() {
  const { tournamentId = '' } = useParams();
  const { t } = useTranslation('rounds');
  const tournament = useTournament(tournamentId);
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
  return <Rounds view={tournament.data} />;
}

/** The round to open with: the first not closed (the one being run), else the next to schedule. */
function currentTab(view: TournamentView): string {
  const open = view.rounds.find((round) => round.phase !== 'closed');
  return open === undefined ? NEXT : String(open.round);
}

function Rounds({ view }: { readonly view: TournamentView }) {
  const { t } = useTranslation('rounds');
  const [selected, setSelected] = useState<string>(() => currentTab(view));
  const next = view.rounds.length + 1;
  const tab =
    selected === NEXT || view.rounds.some((r) => String(r.round) === selected) ? selected : currentTab(view);
  return (
    <>
      <PageHeader title={t('title', { name: view.name })} />
      {view.status === 'finished' && <p className="notice">{t('finished')}</p>}
      <Tabs selectedKey={tab} onSelectionChange={(key) => setSelected(String(key))} className="rounds__tabs">
        <TabList aria-label={t('tabs.label')} className="rounds__tablist">
          {view.rounds.map((round) => (
            <Tab key={round.round} id={String(round.round)} className="rounds__tab">
              {t('tabs.round', { round: round.round })}
              <span className={`rounds__phase rounds__phase--${round.phase}`}>
                {t(`phase.${round.phase}`)}
              </span>
            </Tab>
          ))}
          {view.status !== 'finished' && (
            <Tab id={NEXT} className="rounds__tab">
              {t('tabs.next', { round: next })}
            </Tab>
          )}
        </TabList>
        {view.rounds.map((round) => (
          <TabPanel key={round.round} id={String(round.round)} className="rounds__panel">
            <h2>{t('tabs.round', { round: round.round })}</h2>
            <RoundPanel view={view} round={round} />
          </TabPanel>
        ))}
        {view.status !== 'finished' && (
          <TabPanel id={NEXT} className="rounds__panel">
            <h2>{t('schedule.title', { round: next })}</h2>
            {view.rounds.some((r) => r.phase !== 'closed') && (
              <p className="notice">{t('schedule.previousOpen')}</p>
            )}
            <ScheduleForm
              key={next}
              view={view}
              round={next}
              onScheduled={(round) => setSelected(String(round))}
            />
            <SeatingPlan view={view} />
          </TabPanel>
        )}
      </Tabs>
    </>
  );
}
