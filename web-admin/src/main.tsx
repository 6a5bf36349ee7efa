// The web app's entry: words first (i18n), then the styles and the app.
import './i18n/index.ts';
import './styles/app.css';
import { createRoot } from 'react-dom/client';
import { App } from './app/providers.tsx';

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root');
createRoot(root).render(<App />);
