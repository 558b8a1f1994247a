import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import '@toolcard/ui-tool-image/styles.css';
import { DataSourceContext } from './data-source';
import { embeddedDataSource } from './embedded-data-source';
import { httpDataSource } from './http-data-source';
import { ReplayApp } from './replay-app';
import './viewer.css';

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root');
// An exported file carries its sessions; else the page is the replay server's.
const source = embeddedDataSource(document) ?? httpDataSource;
createRoot(root).render(
  <StrictMode>
    <DataSourceContext value={source}>
      <ReplayApp />
    </DataSourceContext>
  </StrictMode>,
);
