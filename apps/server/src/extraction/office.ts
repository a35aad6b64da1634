import { posix } from 'node:path'
import { readXml, localName } from './xml.ts'
import type { ZipArchive } from './zip.ts'

/**
 * Office Open XML packages (DOCX, XLSX) name their parts through relationship files; these
 * helpers follow them as Word and Excel do, instead of assuming the usual part names.
 */

/** The relationships of `part` (`''` for the package itself): id -> part name, and by type. */
export async function relationships(archive: ZipArchive, part: string) {
  const dir = posix.dirname(part)
  const relsName = posix.join(dir === '.' ? '' : dir, '_rels', `${posix.basename(part)}.rels`)
  const byId = new Map<string, string>()
  const byType = new Map<string, string>()
  if (!archive.has(relsName)) return { byId, byType }
  await readXml(archive.stream(relsName, { whole: true }), {
    open(name, attributes) {
      if (localName(name) !== 'Relationship' || attributes.TargetMode === 'External') return
      const { Id: id, Type: type, Target: target } = attributes
      if (!id || !target) return
      // Targets are relative to the part's folder, or absolute from the package root.
      const resolved = target.startsWith('/')
        ? target.slice(1)
        : posix.normalize(posix.join(dir === '.' ? '' : dir, target))
      byId.set(id, resolved)
      if (type) byType.set(type.slice(type.lastIndexOf('/') + 1), resolved)
    },
  })
  return { byId, byType }
}

/** The main part (word/document.xml, xl/workbook.xml), or `fallback` for a package without rels. */
export async function mainPart(archive: ZipArchive, fallback: string): Promise<string> {
  const { byType } = await relationships(archive, '')
  return byType.get('officeDocument') ?? fallback
}
