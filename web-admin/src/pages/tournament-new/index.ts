export { NewTournamentPage } from './NewTournamentPage.tsx';
