import { Navigate, createBrowserRouter, matchRoutes, type RouteObject } from 'react-router'
import { HomePage } from '../features/home/HomePage.tsx'
import { SearchPage } from '../features/search/SearchPage.tsx'
import { ThemePage } from '../features/themes/ThemePage.tsx'
import { ThemesPage } from '../features/themes/ThemesPage.tsx'
import {
  DASHBOARD_PATH,
  DATA_QUESTION_PATH,
  DOCUMENT_EDIT_SEGMENT,
  DOCUMENT_PATH,
  FAVORITES_PATH,
  HARVEST_ADMIN_PATH,
  HOME_PATH,
  INFO_PATH,
  LABELS_ADMIN_PATH,
  MY_DATA_PATH,
  SEARCH_PATH,
  THEME_PATH,
  THEMES_PATH,
  THEMES_ADMIN_PATH,
  UPLOAD_PATH,
  VALIDATION_PATH,
  pagedPath,
  SUBSCRIPTION_CONFIRM_PATH,
  SUBSCRIPTION_MANAGE_PATH,
  SUBSCRIPTION_UNSUBSCRIBE_PATH,
} from '../shared/routes.ts'
import { readStorage } from '../shared/storage.ts'
import { Layout } from './Layout.tsx'
import { LoadingState } from '../shared/ui/states.tsx'
import { RouteError } from './RouteError.tsx'

/** Screens behind sign-in or of later work load on demand, so the first bundle stays small. */
const lazyScreen =
  <Name extends string>(load: () => Promise<Record<Name, React.ComponentType>>, name: Name) =>
  async () => ({ Component: (await load())[name] })

/** The admin screens: only when both stored flags say so (spec section 5); the server checks again. */
const requireStoredAdmin = () =>
  readStorage('authenticated') === 'true' && readStorage('isAdmin') === 'true'

function AdminOnly({ children }: { children: React.ReactNode }) {
  return requireStoredAdmin() ? children : <Navigate to={HOME_PATH} replace />
}

const adminScreen = (name: 'ThemesScreen' | 'LabelsScreen') => async () => {
  const Screen = (await import('../features/vocabulary/VocabularyScreens.tsx'))[name]
  return {
    element: (
      <AdminOnly>
        <Screen />
      </AdminOnly>
    ),
  }
}

const harvestScreen = async () => {
  const { HarvestingScreen } = await import('../features/harvesting/HarvestingScreen.tsx')
  return {
    element: (
      <AdminOnly>
        <HarvestingScreen />
      </AdminOnly>
    ),
  }
}

const myData = lazyScreen(() => import('../features/my-documents/MyDataPage.tsx'), 'MyDataPage')

const favorites = lazyScreen(
  () => import('../features/favorites/FavoritesPage.tsx'),
  'FavoritesPage',
)

const subscriptionPage = (
  name: 'ConfirmSubscriptionPage' | 'UnsubscribePage' | 'ManageSubscriptionsPage',
) => lazyScreen(() => import('../features/subscriptions/SubscriptionPages.tsx'), name)

const dataQuestion = lazyScreen(
  () => import('../features/data-question/DataQuestionPage.tsx'),
  'DataQuestionPage',
)

/**
 * The public pages, which the server renders (entry-server.tsx) and the browser hydrates;
 * every other screen is rendered in the browser alone.
 */
const SERVER_RENDERED = { serverRendered: true }

export const isServerRendered = (matched: readonly RouteObject[]) => {
  const page = matched.at(-1)
  return page?.handle === SERVER_RENDERED
}

export const routes: RouteObject[] = [
  {
    path: HOME_PATH,
    Component: Layout,
    ErrorBoundary: RouteError,
    // Shown while a lazy screen loads on the first page load.
    HydrateFallback: () => <LoadingState />,
    children: [
      { index: true, Component: HomePage, handle: SERVER_RENDERED },
      { path: SEARCH_PATH, Component: SearchPage, handle: SERVER_RENDERED },
      { path: THEMES_PATH, Component: ThemesPage, handle: SERVER_RENDERED },
      { path: THEME_PATH, Component: ThemePage, handle: SERVER_RENDERED },
      { path: FAVORITES_PATH, lazy: favorites },
      { path: pagedPath(FAVORITES_PATH), lazy: favorites },
      {
        path: DOCUMENT_PATH,
        children: [
          {
            index: true,
            lazy: lazyScreen(() => import('./DocumentScreen.tsx'), 'DocumentScreen'),
            handle: SERVER_RENDERED,
          },
          {
            path: DOCUMENT_EDIT_SEGMENT,
            lazy: lazyScreen(
              () => import('../features/upload/EditDocumentPage.tsx'),
              'EditDocumentPage',
            ),
          },
        ],
      },
      {
        path: VALIDATION_PATH,
        lazy: lazyScreen(() => import('./ValidationScreen.tsx'), 'ValidationScreen'),
      },
      { path: MY_DATA_PATH, lazy: myData },
      { path: pagedPath(MY_DATA_PATH), lazy: myData },
      {
        path: INFO_PATH,
        lazy: lazyScreen(() => import('../features/info/InfoPage.tsx'), 'InfoPage'),
        handle: SERVER_RENDERED,
      },
      // Declared twice, as the spec has it: first the help-contact page, then the contact page.
      { id: 'help-contact', path: DATA_QUESTION_PATH, lazy: dataQuestion, handle: SERVER_RENDERED },
      { id: 'contact', path: DATA_QUESTION_PATH, lazy: dataQuestion, handle: SERVER_RENDERED },
      {
        path: UPLOAD_PATH,
        lazy: lazyScreen(() => import('../features/upload/UploadPage.tsx'), 'UploadPage'),
      },
      {
        path: DASHBOARD_PATH,
        lazy: lazyScreen(() => import('../features/dashboard/DashboardPage.tsx'), 'DashboardPage'),
      },
      { path: SUBSCRIPTION_CONFIRM_PATH, lazy: subscriptionPage('ConfirmSubscriptionPage') },
      { path: SUBSCRIPTION_UNSUBSCRIBE_PATH, lazy: subscriptionPage('UnsubscribePage') },
      { path: SUBSCRIPTION_MANAGE_PATH, lazy: subscriptionPage('ManageSubscriptionsPage') },
      { path: THEMES_ADMIN_PATH, lazy: adminScreen('ThemesScreen') },
      { path: LABELS_ADMIN_PATH, lazy: adminScreen('LabelsScreen') },
      { path: HARVEST_ADMIN_PATH, lazy: harvestScreen },
      { path: '*', element: <Navigate to={HOME_PATH} replace /> },
    ],
  },
]

export const createRouter = () => createBrowserRouter(routes)

/**
 * The router for a page the server rendered: the screens of its address loaded first, so
 * the first render shows them as the server did, not a loading state.
 */
export async function createHydratingRouter() {
  const matched = matchRoutes(routes, window.location) ?? []
  await Promise.all(
    matched.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return
      const loaded = await route.lazy()
      Object.assign(route, { ...loaded, lazy: undefined })
    }),
  )
  return createBrowserRouter(routes)
}
