/** API paths after the prefix (spec section 7), in one place for the server's tests and the web client. */
export const apiPaths = {
  search: '/search',
  /** An Atom feed of the newest published documents of a search (public only). */
  documentsFeed: '/feeds/documents.atom',
  dashboard: '/search/dashboard',
  complete: (query: string) => `/complete/${encodeURIComponent(query)}`,
  document: (id: string) => `/documents/${id}`,
  documentFile: (id: string, fileId: string) => `/documents/${id}/files/${fileId}`,
  /** A document's earlier versions and changes, and an earlier version's download. */
  documentHistory: (id: string) => `/documents/${id}/history`,
  versionFile: (id: string, versionId: string) => `/documents/${id}/versions/${versionId}/file`,
  /** The Data API of an earlier version's table, read only (as fileTable, …Schema, fileRows). */
  versionTable: (id: string, versionId: string) => `/documents/${id}/versions/${versionId}/table`,
  versionTableSchema: (id: string, versionId: string) =>
    `/documents/${id}/versions/${versionId}/table/schema`,
  versionRows: (id: string, versionId: string) => `/documents/${id}/versions/${versionId}/rows`,
  /** Admins: read a file whose text extraction failed once more. */
  rereadFile: (id: string, fileId: string) => `/documents/${id}/files/${fileId}/reread`,
  /** The Data API: a file's table (status, Table Schema, quality report) and its rows. */
  fileTable: (id: string, fileId: string) => `/documents/${id}/files/${fileId}/table`,
  /** The bare Frictionless Table Schema, for tools and `dct:conformsTo`. */
  fileTableSchema: (id: string, fileId: string) => `/documents/${id}/files/${fileId}/table/schema`,
  fileRows: (id: string, fileId: string) => `/documents/${id}/files/${fileId}/rows`,
  /** Owner and admins: the data dictionary's titles, descriptions, units and types. */
  fileTableDictionary: (id: string, fileId: string) =>
    `/documents/${id}/files/${fileId}/table/dictionary`,
  documentOpen: (id: string) => `/documents/open/${id}`,
  categoryTypeAggregation: '/documents/categorytypenameaggregation',
  tags: '/tags',
  tagsAggregation: '/tags/aggregation',
  thesaurus: '/thesaurus',
  labels: '/labels',
  labelsAggregation: '/labels/aggregation',
  managedTags: '/tags/admin',
  managedLabels: '/labels/admin',
  tag: (name: string) => `/tags/${encodeURIComponent(name)}`,
  tagEuTheme: (name: string) => `/tags/${encodeURIComponent(name)}/eu-theme`,
  label: (name: string) => `/labels/${encodeURIComponent(name)}`,
  thesaurusEntry: (name: string) => `/thesaurus/${encodeURIComponent(name)}`,
  config: '/config',
  userAdmin: '/user/admin',
  userDocuments: '/documents/user',
  validationList: '/documents/validate',
  approve: (id: string) => `/documents/validate/${id}/approve`,
  disapprove: (id: string) => `/documents/validate/${id}/disapprove`,
  /** Admins: judge a document's possible personal data (issue 32). */
  privacyReview: (id: string) => `/documents/${id}/privacy-review`,
  /** The owner: a finding is no personal data, with a reason (not a review). */
  privacyOwnerNote: (id: string, findingId: string) =>
    `/documents/${id}/privacy-findings/${findingId}/owner-note`,
  /** Admins: published documents with possible personal data nobody judged yet. */
  privacyPublished: '/documents/privacy/published',
  upload: '/documents/upload',
  uploadOptions: '/documents/upload/options',
  deleteUpload: (id: string) => `/documents/upload/${id}`,
  deletedDocuments: '/documents/deleted',
  restore: (id: string) => `/documents/${id}/restore`,
  favorites: '/documents/favorites',
  favorite: (id: string) => `/documents/${id}/favorite`,
  rating: (id: string) => `/documents/${id}/rating`,
  resetRating: (id: string) => `/documents/${id}/resetrating`,
  documentTag: (id: string) => `/documents/${id}/tag`,
  removeTag: (id: string, name: string) => `/documents/${id}/tag/${encodeURIComponent(name)}`,
  documentLabel: (id: string) => `/documents/${id}/label`,
  removeLabel: (id: string, name: string) => `/documents/${id}/label/${encodeURIComponent(name)}`,
  followedTags: '/tags/following',
  followedTag: (name: string) => `/tags/following/${encodeURIComponent(name)}`,
  followedTagsDocuments: '/tags/following/documents',
  tagFollowers: (name: string) => `/tags/${encodeURIComponent(name)}/followers`,
  tagDocuments: (name: string) => `/tags/${encodeURIComponent(name)}/documents`,
  harvestSources: '/harvest/sources',
  harvestSource: (id: string) => `/harvest/sources/${id}`,
  harvestSourceRuns: (id: string) => `/harvest/sources/${id}/runs`,
  harvestRun: (id: string) => `/harvest/runs/${id}`,
  /** Admins: the broken links and damaged stored files (issue 32). */
  linkReport: '/links/report',
} as const
