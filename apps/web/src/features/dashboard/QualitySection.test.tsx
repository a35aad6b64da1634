import { summariseQuality, scoreQuality, qualityInputOf } from '@dataportaal/contract'
import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { QUALITY_SECTION_TEXTS as TEXTS, QualitySection } from './QualitySection.tsx'

const CITY = 'https://identifier.overheid.nl/tooi/id/gemeente/gm0363'
const doc = (themes: number, mediaType: string, period: boolean) =>
  scoreQuality(
    qualityInputOf({
      themes,
      temporal: period ? { start: '2024-01-01', end: null } : null,
      spatial: CITY,
      licence: 'http://publications.europa.eu/resource/authority/licence/CC0',
      files: [{ mediaType, size: 10 }],
      links: [],
      source: null,
    }),
  )

describe('the quality section of the dashboard', () => {
  it('shows per catalogue the average, the bands and the most common gaps', () => {
    const own = summariseQuality({ name: 'Eigen documenten', own: true }, [
      doc(1, 'text/csv', true), // 405
      doc(1, 'text/csv', false), // 385
      doc(0, 'application/pdf', false), // 315
    ])
    render(<QualitySection quality={[own]} />)
    const table = screen.getByRole('table', { name: TEXTS.heading })
    const [, row] = within(table).getAllByRole('row')
    // 405 + 385 + 315 = 1105, / 3 = 368.3; two Excellent, one Good.
    expect(
      within(row!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['3', '368,3 van 405', '2', '1', '0', '0'])
    const gaps = screen.getByRole('heading', { name: TEXTS.gapsOf('Eigen documenten') })
      .nextElementSibling as HTMLElement
    expect(within(gaps).getAllByRole('listitem')[0]).toHaveTextContent(
      /Vul de periode in .*\(2 documenten\)/,
    )
  })

  it('says so when nothing is published', () => {
    render(<QualitySection quality={[]} />)
    expect(screen.getByText(TEXTS.empty)).toBeVisible()
  })
})
