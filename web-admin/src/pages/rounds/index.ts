export { RoundsPage } from './RoundsPage.tsx';
