export { TableCardsPage } from './TableCardsPage.tsx';
