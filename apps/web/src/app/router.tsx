import { Navigate, createBrowserRouter, type RouteObject } from 'react-router'
import { HomePage } from '../features/home/HomePage.tsx'
import { SearchPage } from '../features/search/SearchPage.tsx'
import { DOCUMENT_PATH } from '../shared/routes.ts'
import { readStorage } from '../shared/storage.ts'
import { Layout } from './Layout.tsx'
import { LoadingState } from '../shared/ui/states.tsx'
import { RouteError } from './RouteError.tsx'

/** Screens behind sign-in or of later work load on demand, so the first bundle stays small. */
const lazyScreen =
  <Name extends string>(load: () => Promise<Record<Name, React.ComponentType>>, name: Name) =>
  async () => ({ Component: (await load())[name] })

/** /thema and /tag: only when both stored flags say so (spec section 5); the server checks again. */
const requireStoredAdmin = () =>
  readStorage('authenticated') === 'true' && readStorage('isAdmin') === 'true'

function AdminOnly({ children }: { children: React.ReactNode }) {
  return requireStoredAdmin() ? children : <Navigate to="/" replace />
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

const myData = lazyScreen(() => import('../features/my-documents/MyDataPage.tsx'), 'MyDataPage')

const favorites = lazyScreen(
  () => import('../features/favorites/FavoritesPage.tsx'),
  'FavoritesPage',
)

const dataQuestion = lazyScreen(
  () => import('../features/data-question/DataQuestionPage.tsx'),
  'DataQuestionPage',
)

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: Layout,
    ErrorBoundary: RouteError,
    // Shown while a lazy screen loads on the first page load.
    HydrateFallback: () => <LoadingState />,
    children: [
      { index: true, Component: HomePage },
      { path: 'zoeken', Component: SearchPage },
      { path: 'favorieten', lazy: favorites },
      { path: 'favorieten/:page', lazy: favorites },
      {
        path: DOCUMENT_PATH,
        children: [
          {
            index: true,
            lazy: lazyScreen(
              () => import('../features/documents/DocumentPage.tsx'),
              'DocumentPage',
            ),
          },
          {
            path: 'edit',
            lazy: lazyScreen(
              () => import('../features/upload/EditDocumentPage.tsx'),
              'EditDocumentPage',
            ),
          },
        ],
      },
      {
        path: 'validatie',
        lazy: lazyScreen(
          () => import('../features/validation/ValidationPage.tsx'),
          'ValidationPage',
        ),
      },
      { path: 'data', lazy: myData },
      { path: 'data/:page', lazy: myData },
      { path: 'info', lazy: lazyScreen(() => import('../features/info/InfoPage.tsx'), 'InfoPage') },
      // Declared twice, as the spec has it: first the help-contact page, then the contact page.
      { id: 'help-contact', path: 'datavraag', lazy: dataQuestion },
      { id: 'contact', path: 'datavraag', lazy: dataQuestion },
      {
        path: 'document/upload',
        lazy: lazyScreen(() => import('../features/upload/UploadPage.tsx'), 'UploadPage'),
      },
      {
        path: 'dashboard',
        lazy: lazyScreen(() => import('../features/dashboard/DashboardPage.tsx'), 'DashboardPage'),
      },
      { path: 'thema', lazy: adminScreen('ThemesScreen') },
      { path: 'tag', lazy: adminScreen('LabelsScreen') },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
]

export const createRouter = () => createBrowserRouter(routes)
