import { LatchkeyProvider } from '@latchkey/hooks';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { client } from './client';
import './styles/playground.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <LatchkeyProvider client={client}>
      <App />
    </LatchkeyProvider>
  </StrictMode>,
);
