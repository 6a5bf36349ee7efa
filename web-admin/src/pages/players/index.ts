export { PlayersPage } from './PlayersPage.tsx';
