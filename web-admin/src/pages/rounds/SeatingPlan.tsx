// Planning the seating of the rounds to come all at once (POST …/seating-plan): every round searched together,
// so that pairs meet again as little as the numbers allow, rather than round by round. Rounds seated at random
// then follow the plan. What a plan holds, and the quality it promises, come from the seating-quality report.
import { useState } from 'react';
import { Input, Label, NumberField, Text } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import { unwrap } from '../../api/problem.ts';
import { Button } from '../../components/Button.tsx';
import { Problem } from '../../components/Problem.tsx';
import { useSeatingQuality } from './seating-quality.ts';
import type { TournamentView } from './tournament-view.ts';
import { useCommand } from './use-command.ts';

/** The planner's bound (domain/tournament/seating/plan: MAX_PLAN_ROUNDS); the server refuses more by name. */
const MAX_PLAN_ROUNDS = 30;

export function SeatingPlan({ view }: { readonly view: TournamentView }) {
  const { t } = useTranslation('rounds');
  const quality = useSeatingQuality(view);
  const tournamentId = view.tournamentId;
  const [rounds, setRounds] = useState(4);
  const plan = useCommand(tournamentId, async (input: { rounds: number; revision: number }, key) =>
    unwrap(
      await api.POST('/api/tournaments/{tournamentId}/seating-plan', {
        params: { path: { tournamentId } },
        body: { rounds: input.rounds },
        headers: { 'idempotency-key': key, 'if-match': `"${input.revision}"` },
      }),
    ),
  );
  const valid = Number.isInteger(rounds) && rounds >= 1 && rounds <= MAX_PLAN_ROUNDS;
  const current = quality.data?.plan ?? null;
  const planned = quality.data?.planned ?? null;
  return (
    <section className="panel" aria-labelledby="rounds-plan">
      <h3 id="rounds-plan">{t('plan.title')}</h3>
      <p>{t('plan.help')}</p>
      {current !== null && (
        <p className="success">
          {t('plan.current', {
            first: current.firstRound,
            last: current.lastRound,
            players: current.players,
            source: t(`plan.source.${current.source}`),
          })}
          {planned !== null && ` ${t('plan.promises', { count: planned.repeatPairs })}`}
        </p>
      )}
      <NumberField
        value={rounds}
        onChange={setRounds}
        minValue={1}
        maxValue={MAX_PLAN_ROUNDS}
        className="field rounds__number"
      >
        <Label className="field__label">{t('plan.rounds')}</Label>
        <Input className="field__input" />
        <Text slot="description" className="field__description">
          {t('plan.roundsHelp', { next: view.rounds.filter((r) => r.phase !== 'scheduled').length + 1 })}
        </Text>
      </NumberField>
      <Button
        variant={current === null ? 'primary' : 'secondary'}
        isDisabled={!valid || plan.isPending}
        onPress={() => void plan.mutateAsync({ rounds, revision: view.revision }).catch(() => undefined)}
      >
        {current === null ? t('plan.submit', { count: rounds }) : t('plan.again', { count: rounds })}
      </Button>
      <Problem error={plan.error} />
    </section>
  );
}
