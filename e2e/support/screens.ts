import type { Page } from '@playwright/test'
import { openFirstSearchResult } from './portal.ts'
import { ROUTES } from './routes.ts'

/** Every public screen, opened the way a visitor gets there. */
export const SCREENS: { name: string; open: (page: Page) => Promise<unknown> }[] = [
  { name: 'home', open: (page) => page.goto(ROUTES.home) },
  { name: 'search results', open: (page) => page.goto(ROUTES.search('bevolking')) },
  { name: 'FAQ', open: (page) => page.goto(ROUTES.info) },
  { name: 'data question', open: (page) => page.goto(ROUTES.dataQuestion) },
  { name: 'document page', open: (page) => openFirstSearchResult(page, 'bevolking') },
]
