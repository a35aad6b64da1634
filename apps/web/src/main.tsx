import './app/nlds-css.ts'
import './app/theme.css'
import './app/app.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/App.tsx'
import { applyContrast, isContrastStored } from './app/contrast.tsx'
import { startAuth } from './shared/auth/start.ts'
import { createQueryClient } from './shared/api/query-client.ts'

applyContrast(isContrastStored())

// Start-up (spec section 4) runs once, before and outside rendering.
const queryClient = createQueryClient()
const start = startAuth(queryClient)

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App queryClient={queryClient} start={start} />
  </StrictMode>,
)
