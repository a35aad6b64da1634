import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { renderAt } from '../../test/render.tsx'
import { PagedResults, type Page, type PageQuery } from './PagedResults.tsx'

const query = (data: Page<string> | undefined, isError = false): PageQuery<Page<string>> => ({
  data,
  isError,
  refetch: vi.fn(),
})

function renderPage(list: PageQuery<Page<string>>, page = 1) {
  renderAt(
    <PagedResults
      query={list}
      page={page}
      pageSize={10}
      hrefFor={(target) => `/lijst/${target}`}
      error={{ title: 'Laden mislukt', hint: 'Probeer het opnieuw.', retry: 'Opnieuw' }}
      loading="Bezig…"
      empty={<p>Niets</p>}
      pastTheEnd={(pages) => <p>Voorbij de laatste van {pages}</p>}
    >
      {(data, pages) => (
        <p>
          {data.Results.join(', ')} ({pages} pagina’s)
        </p>
      )}
    </PagedResults>,
  )
}

const links = () => screen.queryAllByRole('link').map((link) => link.textContent)

describe('PagedResults', () => {
  it('shows loading until there is a page', async () => {
    renderPage(query(undefined))
    expect(await screen.findByRole('status')).toHaveTextContent('Bezig…')
    expect(links()).toEqual([])
  })

  it('offers a retry when the page could not be loaded', async () => {
    const list = query(undefined, true)
    renderPage(list)
    expect(await screen.findByRole('alert')).toHaveTextContent('Laden mislukt')
    await userEvent.setup().click(screen.getByRole('button', { name: 'Opnieuw' }))
    expect(list.refetch).toHaveBeenCalledOnce()
  })

  it('says so when the list is empty', async () => {
    renderPage(query({ Results: [], Total: 0 }))
    expect(await screen.findByText('Niets')).toBeVisible()
  })

  it('tells a page past the last how many there are, without page links', async () => {
    renderPage(query({ Results: [], Total: 25 }), 4)
    expect(await screen.findByText('Voorbij de laatste van 3')).toBeVisible()
    expect(links()).toEqual([])
  })

  it('links at most to the API’s last page', async () => {
    renderPage(query({ Results: ['a', 'b'], Total: 50_000 }), 999)
    expect(await screen.findByText('a, b (1000 pagina’s)')).toBeVisible()
    const last = screen.getByRole('link', { name: /Volgende/ })
    expect(last).toHaveAttribute('href', '/lijst/1000')
    expect(screen.getAllByRole('link').at(-2)).toHaveAttribute('href', '/lijst/1000')
  })
})
