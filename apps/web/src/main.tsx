import '@utrecht/component-library-css/dist/index.css'
import './app/theme.css'
import './app/app.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/App.tsx'
import { applyContrast, isContrastStored } from './app/contrast.tsx'

applyContrast(isContrastStored())

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
