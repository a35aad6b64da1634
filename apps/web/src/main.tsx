import '@utrecht/component-library-css/dist/index.css'
import './app/theme.css'
import './app/app.css'
import { StrictMode } from 'react'
import { z } from 'zod'
import { createRoot } from 'react-dom/client'
import { App } from './app/App.tsx'
import { applyContrast, isContrastStored } from './app/contrast.tsx'

// Zod probes for eval to speed up parsing; the Content-Security-Policy forbids it, and the
// refused probe is logged as an error in the browser console.
z.config({ jitless: true })
applyContrast(isContrastStored())

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
