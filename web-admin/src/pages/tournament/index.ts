export { TournamentPage } from './TournamentPage.tsx';
