export function shared() {
  document.title = 'Gedeeld'
}
