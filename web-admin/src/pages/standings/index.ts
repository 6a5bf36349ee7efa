export { StandingsPage } from './StandingsPage.tsx';
