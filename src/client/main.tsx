import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/global.css';
import { App } from './App';
import { Providers } from './Providers';
import { createQueryClient } from './lib/query-client';
import { createTrpcClient } from './lib/trpc';

const queryClient = createQueryClient();
const trpcClient = createTrpcClient();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers queryClient={queryClient} trpcClient={trpcClient}>
      <App />
    </Providers>
  </StrictMode>,
);
