import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Highlighted, parseHighlight } from './Highlighted.tsx'

describe('highlighted text', () => {
  it('splits on <mark> and </mark> and undoes the escaping of the rest', () => {
    expect(
      parseHighlight('Regio&#39;s &amp; <mark>wijken</mark> &lt;2024&gt; &quot;x&quot;'),
    ).toEqual([
      { text: "Regio's & ", marked: false },
      { text: 'wijken', marked: true },
      { text: ' <2024> "x"', marked: false },
    ])
  })

  it('renders the marks as <mark> and nothing else as markup', () => {
    const { container } = render(
      <p>
        <Highlighted
          html={'&lt;img src=x onerror=alert(1)&gt; <mark>bevolking</mark> <b>vet</b>'}
        />
      </p>,
    )
    expect(container.querySelectorAll('mark')).toHaveLength(1)
    expect(container.querySelector('mark')).toHaveTextContent('bevolking')
    expect(container.querySelector('img, b')).toBeNull()
    expect(container).toHaveTextContent('<img src=x onerror=alert(1)> bevolking <b>vet</b>')
  })

  it('leaves unknown entities as they are', () => {
    expect(parseHighlight('&nbsp;&#x1F600;')).toEqual([{ text: '&nbsp;😀', marked: false }])
  })
})
