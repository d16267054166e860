import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from './App';
import { startLanguage } from './lib/i18n';
import './index.css';

// The profile's theme, kept on this device, before the first paint (lib/theme.ts; without
// one the stylesheet follows the device's setting).
document.documentElement.className = localStorage.getItem('theme') ?? '';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

// The language's texts arrive before the first render (lib/i18n.ts): English at once, another
// language after its catalog, while index.html's loading shell shows.
void startLanguage().then(() =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
