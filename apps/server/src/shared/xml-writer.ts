/**
 * A tiny XML writer for the documents the portal serves (Atom feeds). Text and attribute
 * values are always escaped; only what `element` returns is placed as markup, so a title
 * with `<`, `&` or a quote can never break the document.
 */

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
  '\t': '&#9;',
  '\n': '&#10;',
  '\r': '&#13;',
}

/**
 * Characters XML 1.0 does not allow anywhere, not even escaped: C0 controls other than tab
 * and line breaks, U+FFFE and U+FFFF, and a surrogate without its partner. Input is refused
 * with them, but imported text may still carry them; they are dropped, not escaped.
 */
const NOT_IN_XML = new RegExp(
  '[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\uFFFE\\uFFFF]' +
    '|[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]',
  'g',
)

/**
 * Text made safe for XML, as element content or a quoted attribute value. A parser reads a
 * carriage return back as a line feed, and a tab or line break in an attribute as a space,
 * unless they are written as character references; so they are, where they would change.
 */
export const escapeXml = (text: string) =>
  text.replace(NOT_IN_XML, '').replace(/[&<>"'\r]/g, (c) => ESCAPES[c]!)

const escapeAttribute = (value: string) => escapeXml(value).replace(/[\t\n]/g, (c) => ESCAPES[c]!)

/** Markup made by `element`: the only thing placed unescaped. */
export interface XmlMarkup {
  readonly markup: string
}

/** Child content: markup as it is, strings as escaped text, absent values left out. */
export type XmlContent = XmlMarkup | string | null | undefined

/** Attributes; an undefined value leaves the attribute out. */
export type XmlAttributes = Record<string, string | undefined>

export function element(
  name: string,
  attributes: XmlAttributes = {},
  ...children: XmlContent[]
): XmlMarkup {
  const attrs = Object.entries(attributes)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([key, value]) => ` ${key}="${escapeAttribute(value)}"`)
    .join('')
  const content = children
    .map((child) =>
      child === null || child === undefined
        ? ''
        : typeof child === 'string'
          ? escapeXml(child)
          : child.markup,
    )
    .join('')
  return { markup: content ? `<${name}${attrs}>${content}</${name}>` : `<${name}${attrs}/>` }
}

/** A whole document: the XML declaration and its root element. */
export const xmlDocument = (root: XmlMarkup) =>
  `<?xml version="1.0" encoding="utf-8"?>\n${root.markup}\n`
