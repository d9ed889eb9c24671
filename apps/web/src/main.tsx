import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './ui/styles/tokens.css';
import './ui/styles/base.css';
import './lib/i18n';
import './app/i18n-app';
import { applyTheme } from './lib/theme';
import { useAppStore } from './lib/store';
import { App } from './app/app';

// Paint the stored theme before React mounts (no flash of the default palette).
applyTheme(useAppStore.getState().theme);

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
