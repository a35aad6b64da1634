import './app/nlds-css.ts'
import './app/theme.css'
import './app/app.css'

/**
 * The portal starts in steps, each a task of its own with the browser free in between: the
 * libraries are evaluated one by one, then the app. Evaluated at once they would hold a
 * phone's main thread for a few hundred milliseconds, and a tap on the page (which the
 * server rendered and the browser has painted) would wait for all of it.
 * public/boot.js fetches every file of these steps together, so the steps wait for no
 * network in between.
 */
const LIBRARIES = [
  // One name each, so the bundler still leaves out what the app does not use.
  () => import('react-dom/client').then(({ hydrateRoot }) => hydrateRoot),
  () => import('react-router').then(({ createBrowserRouter }) => createBrowserRouter),
  () => import('zod').then(({ object }) => object),
  () => import('@tanstack/react-query').then(({ QueryClient }) => QueryClient),
]
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0))

for (const load of LIBRARIES) {
  await load()
  await nextTask()
}
const { startPortal } = await import('./app/start.tsx')
await nextTask()
startPortal()
