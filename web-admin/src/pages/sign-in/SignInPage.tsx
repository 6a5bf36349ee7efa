// Sign-in: a pasted token, or one from a table card's link (/sign-in#token=…), checked with the API before
// it is kept. The fragment is cleared at once so the token does not stay in the address bar or history.
import { useEffect, useRef, useState } from 'react';
import { Form } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { Problem } from '../../components/Problem.tsx';
import { TextField } from '../../components/TextField.tsx';
import { registerMessages } from '../../i18n/index.ts';
import { LanguagePicker } from '../../layout/AppShell.tsx';
import { homeOf, useSession } from '../../session/session.tsx';
import { linkInFragment } from '../../session/token-store.ts';
import { messages } from './messages.ts';

registerMessages('sign-in', messages);

export function SignInPage() {
  const { t } = useTranslation('sign-in');
  const { signIn } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [token, setToken] = useState('');
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const fromLink = useRef(linkInFragment(location.hash));

  const submit = async (value: string, next?: string) => {
    if (value.trim() === '') return setError(new Error(t('empty')));
    setBusy(true);
    setError(undefined);
    try {
      const principal = await signIn(value.trim());
      const from = (location.state as { from?: string } | null)?.from;
      navigate(next ?? from ?? homeOf(principal), { replace: true });
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the link the page was opened with
  useEffect(() => {
    const linked = fromLink.current;
    if (linked === undefined) return;
    window.history.replaceState(null, '', location.pathname);
    void submit(linked.token, linked.next);
  }, []);

  return (
    <main className="sign-in">
      <div className="sign-in__card">
        <div className="sign-in__top">
          <h1>{t('title')}</h1>
          <LanguagePicker />
        </div>
        <p>{t('intro')}</p>
        {fromLink.current !== undefined && busy && <p aria-live="polite">{t('fromLink')}</p>}
        <Form
          onSubmit={(event) => {
            event.preventDefault();
            void submit(token);
          }}
        >
          <TextField
            label={t('token')}
            description={t('tokenHelp')}
            value={token}
            onChange={setToken}
            autoComplete="off"
            type="password"
            name="token"
          />
          <Button type="submit" variant="primary" isDisabled={busy}>
            {busy ? t('checking') : t('submit')}
          </Button>
        </Form>
        <Problem error={error} />
      </div>
    </main>
  );
}
