/** The favourites screen: page 1 at /favorieten, further pages as a path segment (spec section 2). */
export const FAVORITES_PATH = '/favorieten'

export const favoritesHref = (page = 1) => (page > 1 ? `${FAVORITES_PATH}/${page}` : FAVORITES_PATH)
