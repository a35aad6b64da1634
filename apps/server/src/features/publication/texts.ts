/** The Dutch texts of the link previews and the DiWoo sitemaps. */
export const PUBLICATION_TEXTS = {
  /** The description of a document that has none of its own: "Dataset op Dataportaal Voorbeeldstad". */
  noDescription: (contentType: string, portalName: string) => `${contentType} op ${portalName}`,
  /** The DiWoo title of one file of a document with several: "Besluit (bijlage-1.pdf)". */
  fileTitle: (title: string, fileName: string) => `${title} (${fileName})`,
}
