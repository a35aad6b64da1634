import { HISTORY_FIELD_LABELS } from '@dataportaal/contract'
import { describe, expect, it } from 'vitest'
import { COVERAGE_TEXTS } from './coverage-texts.ts'
import { UPLOAD_TEXTS } from './texts.ts'

describe("the history's names of the form's fields", () => {
  // 'Wijzigingen' on a document's page names the fields an edit changed: as this form labels
  // them, so the owner and the reader recognise them ('Soort' is spelled out there).
  it.each([
    ['title', UPLOAD_TEXTS.title],
    ['description', UPLOAD_TEXTS.description],
    ['source', UPLOAD_TEXTS.source],
    ['license', UPLOAD_TEXTS.license],
    ['wooCategory', UPLOAD_TEXTS.wooCategory],
    ['themes', UPLOAD_TEXTS.themes],
    ['temporal', COVERAGE_TEXTS.temporal],
    ['spatial', COVERAGE_TEXTS.spatial],
  ] as const)('names %s as the form does', (field, label) => {
    expect(HISTORY_FIELD_LABELS[field]).toBe(label)
  })
})
