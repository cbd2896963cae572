import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './i18n';
import './styles/global.css';
import App from './app/App';
import { i18nReady, storedLanguage } from './i18n';

document.documentElement.lang = storedLanguage();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
void i18nReady.then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
