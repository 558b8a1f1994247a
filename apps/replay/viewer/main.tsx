import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import '@toolcard/ui-tool-image/styles.css';
import { ReplayApp } from './replay-app';
import './viewer.css';

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <ReplayApp />
  </StrictMode>,
);
