/** The Dutch texts of the link previews. */
export const PUBLICATION_TEXTS = {
  /** The description of a document that has none of its own: "Dataset op Dataportaal Voorbeeldstad". */
  noDescription: (contentType: string, portalName: string) => `${contentType} op ${portalName}`,
}
