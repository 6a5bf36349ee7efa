export { ScorerPage } from './ScorerPage.tsx';
