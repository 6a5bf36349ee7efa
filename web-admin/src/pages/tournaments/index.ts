export { TournamentsPage } from './TournamentsPage.tsx';
