import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import { App } from './app';
import { restoreLanguage } from './i18n';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

// the remembered language's catalogue loads beside the first (English) paint
void restoreLanguage();

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
