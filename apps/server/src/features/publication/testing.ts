import { SaxesParser } from 'saxes'
import { expect } from 'vitest'

/**
 * For tests: XML as a harvester reads it, with namespaces. Lookups go by namespace URI and
 * local name, never by prefix, so a document that binds a prefix to the wrong namespace
 * fails them.
 */

/** A parsed XML element: its namespace URI and local name, namespaced attributes, children. */
export interface XmlNode {
  uri: string
  local: string
  attributes: Array<{ uri: string; local: string; value: string }>
  children: XmlNode[]
  text: string
}

/** Parses with namespaces (saxes throws on anything not well-formed) into a small tree. */
export function parseXml(xml: string): XmlNode {
  const parser = new SaxesParser({ xmlns: true })
  const stack: XmlNode[] = []
  let root: XmlNode | undefined
  parser.on('opentag', (tag) => {
    const node: XmlNode = {
      uri: tag.uri,
      local: tag.local,
      attributes: Object.values(tag.attributes).map((attribute) => ({
        uri: attribute.uri,
        local: attribute.local,
        value: attribute.value,
      })),
      children: [],
      text: '',
    }
    stack.at(-1)?.children.push(node)
    root ??= node
    stack.push(node)
  })
  parser.on('text', (text) => {
    const node = stack.at(-1)
    if (node) node.text += text
  })
  parser.on('closetag', () => {
    stack.pop()
  })
  parser.write(xml).close()
  return root!
}

/** The children of `node` named `local` in namespace `uri`. */
export const childrenNS = (node: XmlNode, uri: string, local: string) =>
  node.children.filter((child) => child.uri === uri && child.local === local)

/** The one child at the end of a path of names in one namespace; fails unless there is one. */
export function pathNS(node: XmlNode, uri: string, ...names: string[]): XmlNode {
  let current = node
  for (const name of names) {
    const found = childrenNS(current, uri, name)
    expect(found, `<${name}> in <${current.local}>`).toHaveLength(1)
    current = found[0]!
  }
  return current
}

/** An attribute without a namespace prefix, as DiWoo's `resource`. */
export const attribute = (node: XmlNode, local: string) =>
  node.attributes.find((item) => item.uri === '' && item.local === local)?.value
