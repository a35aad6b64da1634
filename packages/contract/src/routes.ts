/** API paths after the prefix (spec section 7), in one place for the server's tests and the web client. */
export const apiPaths = {
  search: '/search',
  complete: (query: string) => `/complete/${encodeURIComponent(query)}`,
  document: (id: string) => `/documents/${id}`,
  documentFile: (id: string, fileId: string) => `/documents/${id}/files/${fileId}`,
  documentOpen: (id: string) => `/documents/open/${id}`,
  categoryTypeAggregation: '/documents/categorytypenameaggregation',
  tags: '/tags',
  tagsAggregation: '/tags/aggregation',
  thesaurus: '/thesaurus',
  labels: '/labels',
  labelsAggregation: '/labels/aggregation',
  config: '/config',
  userAdmin: '/user/admin',
  userDocuments: '/documents/user',
  validationList: '/documents/validate',
} as const
