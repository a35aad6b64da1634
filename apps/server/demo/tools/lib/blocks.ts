// Short constructors so prose modules read like the documents they describe.
import type { Block, Cell } from './types.ts'

export const h1 = (text: string): Block => ({ type: 'heading', level: 1, text })
export const h2 = (text: string): Block => ({ type: 'heading', level: 2, text })
export const p = (text: string): Block => ({ type: 'paragraph', text })
export const list = (...items: string[]): Block => ({ type: 'list', items })
export const table = (header: string[], rows: Cell[][]): Block => ({ type: 'table', header, rows })
