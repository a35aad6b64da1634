import './app/nlds-css.ts'
import './app/theme.css'
import './app/app.css'

/**
 * The portal starts in steps, each a task of its own with the browser free in between: the
 * libraries and the costliest of the app's own modules are evaluated one by one, then the
 * rest of the app. Evaluated at once they would hold a
 * phone's main thread for a few hundred milliseconds, and a tap on the page (which the
 * server rendered and the browser has painted) would wait for all of it.
 * public/boot.js fetches every file of these steps together, so the steps wait for no
 * network in between.
 */
const STEPS = [
  // One name each, so the bundler still leaves out what the app does not use.
  () => import('react-dom/client').then(({ hydrateRoot }) => hydrateRoot),
  () => import('react-router').then(({ createBrowserRouter }) => createBrowserRouter),
  () => import('zod').then(({ object }) => object),
  () => import('@tanstack/react-query').then(({ QueryClient }) => QueryClient),
  // The app's own modules whose evaluation costs most: the contract builds its schemas in
  // three chunks (vite.config.ts), one module of each named here, and the formatters load
  // the Dutch number rules of Intl.
  () => import('@dataportaal/contract/src/routes.ts').then(({ apiPaths }) => apiPaths),
  () => import('@dataportaal/contract/src/tables.ts').then(({ TableInfo }) => TableInfo),
  () =>
    import('@dataportaal/contract/src/documents.ts').then(({ DocumentDetail }) => DocumentDetail),
  () => import('./shared/format.ts').then(({ formatNumber }) => formatNumber),
]
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0))

for (const load of STEPS) {
  await load()
  await nextTask()
}
const { startPortal } = await import('./app/start.tsx')
await nextTask()
startPortal()
