// The frame of every page but the projector board: the app's name, the navigation a role may use, the
// language and sign-out. Inside a tournament the navigation names its pages.
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, Outlet, useLocation, useParams } from 'react-router';
import { LANGUAGES, type Language, setLanguage } from '../i18n/index.ts';
import { type Principal, useSession } from '../session/session.tsx';

interface Link {
  readonly to: string;
  readonly label: string;
  readonly end?: boolean;
}

function linksFor(
  principal: Principal,
  tournamentId: string | undefined,
  t: (key: string) => string,
): Link[] {
  const p = principal as Principal & { tournamentId?: string | null; gameId?: string | null };
  const inTournament = tournamentId ?? p.tournamentId ?? undefined;
  const tournament = (path: string) => `/tournaments/${encodeURIComponent(inTournament ?? '')}${path}`;
  switch (principal.role) {
    case 'organizer':
      return [
        ...(p.tournamentId == null ? [{ to: '/tournaments', label: t('nav.tournaments'), end: true }] : []),
        ...(inTournament === undefined
          ? []
          : [
              { to: tournament(''), label: t('nav.overview'), end: true },
              { to: tournament('/players'), label: t('nav.players') },
              { to: tournament('/rounds'), label: t('nav.rounds') },
              { to: tournament('/standings'), label: t('nav.standings') },
              { to: tournament('/board'), label: t('nav.board') },
            ]),
      ];
    case 'referee':
      return inTournament === undefined
        ? []
        : [
            { to: tournament(''), label: t('nav.overview'), end: true },
            { to: tournament('/standings'), label: t('nav.standings') },
            { to: tournament('/board'), label: t('nav.board') },
          ];
    case 'scorer':
      return [{ to: `/score/${encodeURIComponent(p.gameId ?? '')}`, label: t('nav.scorer') }];
    default:
      return inTournament === undefined ? [] : [{ to: tournament('/standings'), label: t('nav.standings') }];
  }
}

export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  return (
    <label className="language-picker">
      <span className="visually-hidden">{t('nav.language')}</span>
      <select
        value={i18n.language}
        onChange={(event) => setLanguage(event.target.value as Language)}
        aria-label={t('nav.language')}
      >
        {LANGUAGES.map((language) => (
          <option key={language.code} value={language.code}>
            {language.label}
          </option>
        ))}
      </select>
    </label>
  );
}

export function AppShell() {
  const { t } = useTranslation();
  const { principal, status, signOut } = useSession();
  const { tournamentId } = useParams();
  const location = useLocation();
  if (status === 'signed-out') return <Navigate to="/sign-in" replace state={{ from: location.pathname }} />;
  return (
    <div className="shell">
      <header className="shell__bar">
        <span className="shell__name">{t('appName')}</span>
        <nav aria-label={t('nav.main')} className="shell__nav">
          {principal !== undefined &&
            linksFor(principal, tournamentId, t).map((link) => (
              <NavLink key={link.to} to={link.to} end={link.end ?? false} className="shell__link">
                {link.label}
              </NavLink>
            ))}
        </nav>
        <div className="shell__tools">
          {principal !== undefined && (
            <span className="shell__role">{t('nav.signedInAs', { role: t(`roles.${principal.role}`) })}</span>
          )}
          <LanguagePicker />
          <button type="button" className="button button--secondary" onClick={signOut}>
            {t('nav.signOut')}
          </button>
        </div>
      </header>
      <main className="shell__main">{status === 'checking' ? null : <Outlet />}</main>
    </div>
  );
}
