/**
 * The cookies a browser would keep for one site, by path: what the sign-in flows of the
 * tests and the soak benchmark carry from one request of the identity provider to the next.
 */
export class CookieJar {
  private readonly cookies = new Map<string, { value: string; path: string }>()

  /** The `Cookie` header for a request to `pathname`, or '' when no cookie applies. */
  header(pathname: string): string {
    return [...this.cookies]
      .filter(([, cookie]) => pathname.startsWith(cookie.path))
      .map(([name, cookie]) => `${name}=${cookie.value}`)
      .join('; ')
  }

  /** Takes in an answer's `Set-Cookie` lines; an expired or emptied cookie is dropped. */
  remember(setCookie: readonly string[]): void {
    for (const line of setCookie) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim())
      const [name = '', value = ''] = pair.split(/=(.*)/s)
      const path = attributes.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/'
      const expired = attributes.some(
        (a) => a.toLowerCase().startsWith('expires=') && new Date(a.slice(8)) < new Date(),
      )
      if (expired || value === '') this.cookies.delete(name)
      else this.cookies.set(name, { value, path })
    }
  }
}
